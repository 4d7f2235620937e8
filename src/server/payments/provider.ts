// The one interface every online payment provider implements (sandbox, Alipay, WeChat Pay).
// Money is integer fen; what travels to and from a provider is its own format, made and read
// inside the provider's module only.

import { PAY_PROVIDERS, type PayProvider } from '#/lib/payProviders.ts';

export const PROVIDER_NAMES = PAY_PROVIDERS;
export type ProviderName = PayProvider;

/**
 * A signed notification (or WeChat answer) older or further ahead than this is refused, so a
 * captured one cannot be replayed later: WeChat Pay's own rule of 5 minutes.
 */
export const NOTIFY_MAX_AGE_S = 300;

export const isProviderName = (name: string): name is ProviderName =>
  (PROVIDER_NAMES as readonly string[]).includes(name);

export interface PaymentStart {
  paymentId: number;
  orderNo: string;
  amountFen: number;
  /** what the buyer sees on the provider's page and bill */
  subject: string;
  /** where the buyer's browser comes back to after paying, a path of the shop such as `/order/info/12` */
  returnPath: string;
}

/** Where and how the buyer pays: a page to open, or (WeChat Native) a code to show as a QR image. */
export interface PaymentStarted {
  payUrl?: string;
  qrCode?: string;
}

/** What an authentic notification states. */
export interface PaidNotice {
  paymentId: number;
  /** the provider's transaction id: with the provider name, the key that makes a replay harmless */
  providerTxn: string;
  amountFen: number;
  currency: 'CNY';
  /** true: the money arrived. false: the provider closed the trade unpaid (it never undoes money). */
  paid: boolean;
}

export interface RefundRequest {
  paymentId: number;
  providerTxn: string;
  /** our refund id: the provider's idempotency key, so asking twice never refunds twice */
  refundId: number;
  amountFen: number;
  /** the amount of the payment being refunded (WeChat asks for it) */
  totalFen: number;
  reason: string;
}

/**
 * A refund's answer. `refused` is final (the provider will not pay it back: finance takes over);
 * a thrown PROVIDER_FAILED error is not, and the same call may be made again later.
 */
export type RefundResult =
  | { state: 'succeeded' | 'processing'; providerRefundId: string }
  | { state: 'refused'; reason: string };

/** The HTTP answer a provider expects once we have stored its notification. */
export interface NotifyAnswer {
  status: number;
  /** absent when the answer has no body */
  contentType?: string;
  body: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** starts a payment: where/how the buyer pays */
  start(p: PaymentStart): Promise<PaymentStarted>;
  /**
   * Verifies an incoming notification from its raw request (headers and the body text exactly as
   * received) and returns what it states; throws NOTIFY_INVALID (a Chinese message) otherwise.
   */
  verifyNotification(req: { headers: Headers; body: string }): Promise<PaidNotice>;
  /** the exact answer the provider expects once the notice is stored */
  acknowledge(): NotifyAnswer;
  /** refunds through the provider; idempotent per refundId */
  refund(r: RefundRequest): Promise<RefundResult>;
  /** asks the provider how a refund it answered `processing` stands now */
  refundStatus(r: { paymentId: number; refundId: number }): Promise<RefundResult>;
}
