// WeChat Pay API v3 with node:crypto (WeChat publishes no official Node SDK): Native pay shows a
// code_url as a QR code, WeChat notifies with a signed JSON whose resource is encrypted, refunds
// go through /v3/refund/domestic/refunds. Every answer's signature is checked before it is read.
import { notifyInvalid, providerFailed } from '#/server/errors.ts';
import { logger } from '#/server/log.ts';
import type { WechatSettings } from './config.ts';
import type { PaidNotice, PaymentProvider, RefundResult } from './provider.ts';
import { outRefundNo, outTradeNo, paymentIdOf } from './tradeNo.ts';
import { authorization, decryptResource, signatureProblem } from './wechatSign.ts';

type Json = Record<string, unknown>;
const UNAVAILABLE = '微信支付暂时无法处理，请稍后再试';
const CLOSED_STATES = ['CLOSED', 'REVOKED', 'PAYERROR'];

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function parseJson(text: string): Json | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

function readTransaction(s: WechatSettings, t: Json): PaidNotice {
  if (t['mchid'] !== s.mchId) throw notifyInvalid('通知中的商户号与本店不符');
  if (t['appid'] !== s.appId) throw notifyInvalid('通知中的应用 ID 与本店不符');
  const paymentId = paymentIdOf(t['out_trade_no']);
  const providerTxn = t['transaction_id'];
  if (typeof providerTxn !== 'string' || !/^\w{1,64}$/.test(providerTxn))
    throw notifyInvalid('通知中的微信支付订单号无效');
  const amount = isObject(t['amount']) ? t['amount'] : {};
  const total = amount['total'];
  if (!Number.isSafeInteger(total) || (total as number) < 0)
    throw notifyInvalid('通知中的金额无效');
  if (amount['currency'] !== 'CNY') throw notifyInvalid('只接受人民币支付');
  const state = t['trade_state'];
  if (state !== 'SUCCESS' && !CLOSED_STATES.includes(String(state)))
    throw notifyInvalid('交易尚未完成支付');
  return {
    paymentId,
    providerTxn,
    amountFen: total as number,
    currency: 'CNY',
    paid: state === 'SUCCESS',
  };
}

function refundResult(outRefund: string, data: Json): RefundResult {
  const refundId = data['refund_id'];
  if (data['out_refund_no'] !== outRefund || typeof refundId !== 'string')
    throw providerFailed(UNAVAILABLE);
  switch (data['status']) {
    case 'SUCCESS':
      return { state: 'succeeded', providerRefundId: refundId };
    case 'PROCESSING':
      return { state: 'processing', providerRefundId: refundId };
    case 'CLOSED':
      return { state: 'refused', reason: '微信支付已关闭该退款' };
    default:
      return { state: 'refused', reason: '微信支付退款异常（如买家银行卡已注销），需财务处理' };
  }
}

const refused = (data: Json): RefundResult => ({
  state: 'refused',
  reason: `${String(data['message'] ?? '微信支付拒绝退款')}（${String(data['code'] ?? '')}）`,
});

export function createWechatProvider(s: WechatSettings): PaymentProvider {
  /** A signed call to the configured base URL; answers only what WeChat verifiably signed. */
  async function call(method: 'GET' | 'POST', path: string, payload?: Json) {
    const url = new URL(`${s.baseUrl}${path}`);
    const body = payload ? JSON.stringify(payload) : '';
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: authorization(s, method, url.pathname + url.search, body),
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          'user-agent': 'yaopi',
          'wechatpay-serial': s.platformSerial,
        },
        ...(payload ? { body } : {}),
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
      text = await res.text();
    } catch (error) {
      logger.warn('wechat pay call failed', { path, error });
      throw providerFailed(UNAVAILABLE);
    }
    if (res.status >= 500 || res.status === 429) {
      logger.warn('wechat pay answered a fault', {
        path,
        status: res.status,
        body: text.slice(0, 300),
      });
      throw providerFailed(UNAVAILABLE);
    }
    const problem = signatureProblem(s, res.headers, text);
    const data = text === '' ? {} : parseJson(text);
    if (problem || !data) {
      logger.warn('wechat pay answer refused', { path, status: res.status, problem });
      throw providerFailed(UNAVAILABLE);
    }
    return { ok: res.status < 300, data };
  }

  return {
    name: 'wechat',

    async start(p) {
      const { ok, data } = await call('POST', '/v3/pay/transactions/native', {
        appid: s.appId,
        mchid: s.mchId,
        description: p.subject.trim().slice(0, 127) || p.orderNo,
        out_trade_no: outTradeNo(p.paymentId),
        notify_url: s.notifyUrl,
        amount: { total: p.amountFen, currency: 'CNY' },
      });
      const codeUrl = data['code_url'];
      if (!ok || typeof codeUrl !== 'string') {
        logger.warn('wechat pay refused the order', {
          code: data['code'],
          message: data['message'],
        });
        throw providerFailed(`微信支付下单失败：${String(data['message'] ?? '未知原因')}`);
      }
      return { qrCode: codeUrl };
    },

    async verifyNotification({ headers, body }) {
      const problem = signatureProblem(s, headers, body);
      if (problem) throw notifyInvalid(problem);
      const n = parseJson(body);
      const resource = n?.['resource'];
      if (!n || !isObject(resource)) throw notifyInvalid('通知格式不正确');
      if (n['resource_type'] !== 'encrypt-resource' || resource['original_type'] !== 'transaction')
        throw notifyInvalid('不是支付结果通知');
      const plain = decryptResource(s.apiV3Key, resource);
      const transaction = plain === null ? null : parseJson(plain);
      if (!transaction) throw notifyInvalid('通知内容解密失败');
      return readTransaction(s, transaction);
    },

    acknowledge: () => ({ status: 204, body: '' }),

    async refund(r) {
      const outRefund = outRefundNo(r.refundId);
      const { ok, data } = await call('POST', '/v3/refund/domestic/refunds', {
        transaction_id: r.providerTxn,
        out_refund_no: outRefund,
        ...(r.reason.trim() ? { reason: r.reason.trim().slice(0, 80) } : {}),
        amount: { refund: r.amountFen, total: r.totalFen, currency: 'CNY' },
      });
      return ok ? refundResult(outRefund, data) : refused(data);
    },

    async refundStatus(r) {
      const outRefund = outRefundNo(r.refundId);
      const { ok, data } = await call('GET', `/v3/refund/domestic/refunds/${outRefund}`);
      return ok ? refundResult(outRefund, data) : refused(data);
    },
  };
}
