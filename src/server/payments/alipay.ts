// Alipay through the official alipay-sdk (OpenAPI 2.0 gateway, RSA2): the buyer pays on
// Alipay's computer-website cashier (alipay.trade.page.pay), Alipay notifies with a signed
// form POST, refunds go through alipay.trade.refund (answers signed by Alipay, checked by the SDK).
import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { notifyInvalid, providerFailed } from '#/server/errors.ts';
import { logger } from '#/server/log.ts';
import { fenToYuan, yuanToFen } from '#/lib/money.ts';
import type { AlipaySettings } from './config.ts';
import type { PaidNotice, PaymentProvider, RefundResult } from './provider.ts';
import { outRefundNo, outTradeNo, paymentIdOf } from './tradeNo.ts';

const PAID_STATES = ['TRADE_SUCCESS', 'TRADE_FINISHED'];
const UNAVAILABLE = '支付宝暂时无法处理，请稍后再试';

/** Alipay refuses `/`, `=` and `&` in a subject and takes at most 256 characters. */
const cleanSubject = (subject: string) => subject.replace(/[/=&]/g, ' ').trim().slice(0, 256);

/** A path of the shop on its public address; only paths, so a return URL never leads elsewhere. */
function shopUrl(publicUrl: string, path: string): string {
  if (!/^\/(?![/\\])[^\s\\]*$/.test(path)) throw new RangeError(`不是本站路径: ${path}`);
  return `${publicUrl}${path}`;
}

function readForm(body: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(fields, key)) throw notifyInvalid('通知格式不正确');
    fields[key] = value;
  }
  return fields;
}

function readNotice(f: Record<string, string>): PaidNotice {
  const paymentId = paymentIdOf(f['out_trade_no']);
  const providerTxn = f['trade_no'] ?? '';
  if (!/^[\w-]{1,64}$/.test(providerTxn)) throw notifyInvalid('通知中的支付宝交易号无效');
  const amountFen = yuanToFen(f['total_amount'] ?? '');
  if (amountFen === null) throw notifyInvalid('通知中的金额无效');
  for (const field of ['trans_currency', 'currency']) {
    const currency = f[field];
    if (currency !== undefined && currency !== 'CNY') throw notifyInvalid('只接受人民币支付');
  }
  const state = f['trade_status'] ?? '';
  if (!PAID_STATES.includes(state) && state !== 'TRADE_CLOSED')
    throw notifyInvalid('交易尚未完成支付');
  return { paymentId, providerTxn, amountFen, currency: 'CNY', paid: state !== 'TRADE_CLOSED' };
}

/** A business answer: 10000 done, 20000 or ACQ.SYSTEM_ERROR "try again", anything else refused. */
function isRetryable(res: AlipaySdkCommonResult) {
  return res.code === '20000' || res.sub_code === 'ACQ.SYSTEM_ERROR';
}

export function createAlipayProvider(s: AlipaySettings): PaymentProvider {
  const sdk = new AlipaySdk({
    appId: s.appId,
    privateKey: s.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyType: 'PKCS8',
    alipayPublicKey: s.alipayPublicKey.export({ type: 'spki', format: 'pem' }).toString(),
    signType: 'RSA2',
    gateway: s.gateway,
    endpoint: new URL(s.gateway).origin,
    camelcase: false,
    timeout: 10_000,
  });

  async function call(method: string, bizContent: Record<string, unknown>) {
    let res: AlipaySdkCommonResult;
    try {
      res = await sdk.exec(method, { bizContent }, { validateSign: true });
    } catch (error) {
      logger.warn('alipay call failed', { method, error });
      throw providerFailed(UNAVAILABLE);
    }
    if (isRetryable(res)) {
      logger.warn('alipay call answered a system error', {
        method,
        code: res.code,
        sub_code: res.sub_code,
      });
      throw providerFailed(UNAVAILABLE);
    }
    return res;
  }

  const refused = (res: AlipaySdkCommonResult): RefundResult => ({
    state: 'refused',
    reason: `${res.sub_msg || res.msg || '支付宝拒绝退款'}（${res.sub_code || res.code}）`,
  });

  return {
    name: 'alipay',

    async start(p) {
      if (!Number.isSafeInteger(p.amountFen) || p.amountFen < 1)
        throw new RangeError(`金额无效: ${p.amountFen}`);
      const payUrl = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: outTradeNo(p.paymentId),
          total_amount: fenToYuan(p.amountFen),
          subject: cleanSubject(p.subject) || p.orderNo,
          product_code: 'FAST_INSTANT_TRADE_PAY',
        },
        notify_url: s.notifyUrl,
        return_url: shopUrl(s.publicUrl, p.returnPath),
      });
      return { payUrl };
    },

    async verifyNotification({ body }) {
      const fields = readForm(body);
      if (fields['sign_type'] !== 'RSA2') throw notifyInvalid('签名类型不受支持');
      let authentic = false;
      try {
        // V2: the form is decoded once already (URLSearchParams); decoding again would alter a value with "%".
        authentic = sdk.checkNotifySignV2(fields);
      } catch {}
      if (!authentic) throw notifyInvalid('签名校验失败');
      if (fields['app_id'] !== s.appId) throw notifyInvalid('通知中的应用 ID 与本店不符');
      if (fields['notify_type'] !== 'trade_status_sync') throw notifyInvalid('不是交易状态通知');
      return readNotice(fields);
    },

    acknowledge: () => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }),

    async refund(r) {
      const outRequestNo = outRefundNo(r.refundId);
      const res = await call('alipay.trade.refund', {
        out_trade_no: outTradeNo(r.paymentId),
        trade_no: r.providerTxn,
        refund_amount: fenToYuan(r.amountFen),
        out_request_no: outRequestNo,
        ...(r.reason.trim() ? { refund_reason: r.reason.trim().slice(0, 256) } : {}),
      });
      if (res.code !== '10000') return refused(res);
      // fund_change "N" also answers a repeated request: the refund query tells whether money moved.
      return {
        state: res['fund_change'] === 'Y' ? 'succeeded' : 'processing',
        providerRefundId: outRequestNo,
      };
    },

    async refundStatus(r) {
      const outRequestNo = outRefundNo(r.refundId);
      const res = await call('alipay.trade.fastpay.refund.query', {
        out_trade_no: outTradeNo(r.paymentId),
        out_request_no: outRequestNo,
      });
      if (res.code !== '10000') return refused(res);
      const done = res['refund_status'] === 'REFUND_SUCCESS';
      return { state: done ? 'succeeded' : 'processing', providerRefundId: outRequestNo };
    },
  };
}
