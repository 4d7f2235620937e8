// Online payment behind a provider interface. The default is a sandbox provider: "paying"
// on its page makes it send an HMAC-signed asynchronous notification, which the shop verifies
// (signature and amount) before marking the payment; a replay finds it already done.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type Notification = { provider: string; payment_id: number; txn: string; amount: number; sign: string };

export interface PaymentProvider {
  readonly name: string;
  /** where the buyer goes to pay */
  payUrl(paymentId: number, amountFen: number): string;
  /** true when the notification was signed by this provider */
  verify(n: Notification): boolean;
}

const SECRET = process.env['PAY_SANDBOX_SECRET'] || 'yaopi-sandbox-secret';

function signPayload(n: Omit<Notification, 'sign'>): string {
  return createHmac('sha256', SECRET).update(`${n.provider}|${n.payment_id}|${n.txn}|${n.amount}`).digest('hex');
}

export const sandboxProvider: PaymentProvider & { notification(paymentId: number, amountFen: number): Notification } = {
  name: 'sandbox',
  payUrl: (paymentId) => `/cart/hm?payment=${paymentId}`,
  verify(n) {
    const expected = Buffer.from(signPayload(n), 'hex');
    const got = Buffer.from(typeof n.sign === 'string' ? n.sign : '', 'hex');
    return got.length === expected.length && timingSafeEqual(got, expected);
  },
  /** What the sandbox sends after the buyer confirms on its page. */
  notification(paymentId, amountFen) {
    const body = { provider: 'sandbox', payment_id: paymentId, txn: `SBX${randomBytes(8).toString('hex')}`, amount: amountFen };
    return { ...body, sign: signPayload(body) };
  },
};

export function providerByName(name: string): PaymentProvider | null {
  return name === sandboxProvider.name ? sandboxProvider : null;
}
