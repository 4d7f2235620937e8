// The sandbox provider, for the demo and tests only: its cashier is the shop's own page
// /cart/hm, and "paying" there makes it post a notification signed with HMAC-SHA256 (a secret
// from sandboxSecret.ts) to the shop's configured notify URL on loopback, as a real provider
// would, after the cashier's request has answered.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { notifyInvalid, providerFailed } from '#/server/errors.ts';
import { NOTIFY_MAX_AGE_S, type PaidNotice, type PaymentProvider } from './provider.ts';
import { outTradeNo, paymentIdOf } from './tradeNo.ts';

const SANDBOX_TIMESTAMP = 'yaopi-sandbox-timestamp';
const SANDBOX_SIGNATURE = 'yaopi-sandbox-signature';
const RETRY_DELAYS_MS = [250, 1000];

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** the signed notification for a payment, exactly as the sandbox sends it */
  notification(
    paymentId: number,
    amountFen: number,
  ): { headers: Record<string, string>; body: string };
  /**
   * The cashier's "pay": posts the notification to the shop's notify URL (a few tries). Endpoints
   * do not await it; it resolves to whether the shop accepted it, and rejects only for a payment
   * id or amount that cannot be (a RangeError).
   */
  deliver(paymentId: number, amountFen: number): Promise<boolean>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sandboxTxn = (paymentId: number) => `SBX${outTradeNo(paymentId).slice(2)}`;
const sandboxRefundId = (refundId: number) => `SBXR${String(refundId).padStart(10, '0')}`;

function readNotice(body: string): PaidNotice {
  let n: Record<string, unknown> | null = null;
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value === 'object' && !Array.isArray(value)) n = value as Record<string, unknown>;
  } catch {}
  if (!n) throw notifyInvalid('通知格式不正确');
  const paymentId = paymentIdOf(n['out_trade_no']);
  const { txn, amount, currency, status } = n;
  if (typeof txn !== 'string' || txn !== sandboxTxn(paymentId))
    throw notifyInvalid('通知中的交易号无效');
  if (!Number.isSafeInteger(amount) || (amount as number) < 0)
    throw notifyInvalid('通知中的金额无效');
  if (currency !== 'CNY') throw notifyInvalid('只接受人民币支付');
  if (status !== 'paid') throw notifyInvalid('通知中的交易状态无效');
  return { paymentId, providerTxn: txn, amountFen: amount as number, currency, paid: true };
}

export function createSandboxProvider(s: {
  secret: string;
  notifyUrl: string;
  /** a provider that is down for a while: each refund fails this many times before it is taken */
  refundFaults?: number;
}): SandboxProvider {
  const faultsSeen = new Map<number, number>();
  const sign = (timestamp: string, body: string) =>
    createHmac('sha256', s.secret).update(`${timestamp}\n${body}\n`).digest();

  const notification = (paymentId: number, amountFen: number) => {
    if (!Number.isSafeInteger(amountFen) || amountFen < 0)
      throw new RangeError(`金额无效: ${amountFen}`);
    const body = JSON.stringify({
      out_trade_no: outTradeNo(paymentId),
      txn: sandboxTxn(paymentId),
      amount: amountFen,
      currency: 'CNY',
      status: 'paid',
    });
    const timestamp = String(nowSeconds());
    return {
      headers: {
        'content-type': 'application/json',
        [SANDBOX_TIMESTAMP]: timestamp,
        [SANDBOX_SIGNATURE]: sign(timestamp, body).toString('hex'),
      },
      body,
    };
  };

  return {
    name: 'sandbox',
    async start(p) {
      return { payUrl: `/cart/hm?payment=${p.paymentId}` };
    },

    async verifyNotification({ headers, body }) {
      const timestamp = headers.get(SANDBOX_TIMESTAMP) ?? '';
      const signature = headers.get(SANDBOX_SIGNATURE) ?? '';
      if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature))
        throw notifyInvalid('通知缺少签名');
      if (!timingSafeEqual(Buffer.from(signature, 'hex'), sign(timestamp, body)))
        throw notifyInvalid('签名校验失败');
      if (Math.abs(nowSeconds() - Number(timestamp)) > NOTIFY_MAX_AGE_S)
        throw notifyInvalid('通知已过期');
      return readNotice(body);
    },

    acknowledge: () => ({ status: 204, body: '' }),

    async refund(r) {
      const seen = faultsSeen.get(r.refundId) ?? 0;
      if (seen < (s.refundFaults ?? 0)) {
        faultsSeen.set(r.refundId, seen + 1);
        throw providerFailed(`沙箱支付退款暂不可用（第${seen + 1}次模拟故障）`);
      }
      return { state: 'succeeded', providerRefundId: sandboxRefundId(r.refundId) };
    },

    async refundStatus(r) {
      return { state: 'succeeded', providerRefundId: sandboxRefundId(r.refundId) };
    },

    notification,

    async deliver(paymentId, amountFen) {
      const { headers, body } = notification(paymentId, amountFen);
      for (const delay of [0, ...RETRY_DELAYS_MS]) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        try {
          const res = await fetch(s.notifyUrl, {
            method: 'POST',
            headers,
            body,
            redirect: 'error',
            signal: AbortSignal.timeout(5000),
          });
          await res.body?.cancel();
          if (res.ok) return true;
          if (res.status < 500) return false;
        } catch {}
      }
      return false;
    },
  };
}
