// Our ids as the providers carry them: a payment is the provider's out_trade_no, a refund its
// out_request_no (Alipay) / out_refund_no (WeChat). `YP` + the payment id in 10 digits (a serial
// int4 has at most 10) fits both providers' alphabets and lengths (WeChat: 6–32 letters and
// digits), and the fixed shape lets a notification's id be read back strictly.
import { notifyInvalid } from '#/server/errors.ts';

const INT4_MAX = 2_147_483_647;
const TRADE_NO = /^YP(\d{10})$/;

function padId(id: number, what: string): string {
  if (!Number.isSafeInteger(id) || id < 1 || id > INT4_MAX)
    throw new RangeError(`${what}无效: ${id}`);
  return String(id).padStart(10, '0');
}

/** 42 → "YP0000000042" */
export const outTradeNo = (paymentId: number): string => `YP${padId(paymentId, '支付单号')}`;

/** 7 → "YPR0000000007" */
export const outRefundNo = (refundId: number): string => `YPR${padId(refundId, '退款单号')}`;

/** "YP0000000042" → 42; anything else is refused as a notification not about one of our payments. */
export function paymentIdOf(tradeNo: unknown): number {
  const m = typeof tradeNo === 'string' ? TRADE_NO.exec(tradeNo) : null;
  const id = m ? Number(m[1]) : 0;
  if (id < 1 || id > INT4_MAX) throw notifyInvalid('通知中的商户订单号无效');
  return id;
}
