import { createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDomainError } from '#/server/errors.ts';
import { createAlipayProvider } from '#/server/payments/alipay.ts';
import { readPaymentSettings } from '#/server/payments/config.ts';
import type { Env } from '#/server/payments/envReader.ts';
import type { PaymentProvider } from '#/server/payments/provider.ts';
import { type FakeGateway, startFakeGateway } from './support/gateway.ts';
import {
  alipayNotification,
  alipayPaidFields,
  rsaPair,
  expectRefused,
  refundRequest,
} from './support/messages.ts';

const APP_ID = '2021000000000001';
const us = rsaPair();
const alipay = rsaPair();
const stranger = rsaPair();
let gw: FakeGateway;
let provider: PaymentProvider;

function alipayProvider(over: Env = {}): PaymentProvider {
  const { settings, problems } = readPaymentSettings({
    PAY_PROVIDERS: 'alipay',
    PUBLIC_URL: 'https://shop.example.com',
    ALIPAY_APP_ID: APP_ID,
    // the two forms operators paste: a PKCS#1 PEM and the bare base64 public key of the console
    ALIPAY_PRIVATE_KEY: us.privatePkcs1Pem,
    ALIPAY_PUBLIC_KEY: alipay.publicBase64,
    ALIPAY_GATEWAY: `${gw.url}/gateway.do`,
    ...over,
  });
  expect(problems).toEqual([]);
  if (!settings.alipay) throw new Error('alipay settings missing');
  return createAlipayProvider(settings.alipay);
}

const notice = (fields: Record<string, string>, key = alipay.privateKey) =>
  provider.verifyNotification({
    headers: new Headers({ 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }),
    body: alipayNotification(fields, key),
  });

beforeAll(async () => {
  gw = await startFakeGateway({
    alipay: { appId: APP_ID, appPublicKey: us.publicKey, alipayKey: alipay.privateKey },
    wechat: {
      mchId: '-',
      merchantPublicKey: us.publicKey,
      merchantSerial: '-',
      platformKey: alipay.privateKey,
      platformSerial: '-',
    },
  });
  provider = alipayProvider();
});
afterAll(() => gw.close());

describe('Alipay: starting a payment', () => {
  it('gives a GET link to the configured gateway, signed with our key, with our ids in yuan', async () => {
    const { payUrl } = await provider.start({
      paymentId: 42,
      orderNo: '202503010001',
      amountFen: 12340,
      subject: '药批订单 202503010001',
      returnPath: '/order/info/7',
    });
    const url = new URL(payUrl ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${gw.url}/gateway.do`);
    const params = Object.fromEntries(url.searchParams);
    expect(params['method']).toBe('alipay.trade.page.pay');
    expect(params['app_id']).toBe(APP_ID);
    expect(params['sign_type']).toBe('RSA2');
    expect(params['notify_url']).toBe('https://shop.example.com/api/pay/notify/alipay');
    expect(params['return_url']).toBe('https://shop.example.com/order/info/7');
    expect(JSON.parse(params['biz_content'] ?? '')).toEqual({
      out_trade_no: 'YP0000000042',
      total_amount: '123.40',
      subject: '药批订单 202503010001',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    const content = Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const ok = createVerify('RSA-SHA256')
      .update(content)
      .verify(us.publicKey, params['sign'] ?? '', 'base64');
    expect(ok).toBe(true);
  });

  it('never returns the buyer to another site', async () => {
    const start = { paymentId: 1, orderNo: 'X', amountFen: 100, subject: 'x' };
    await expect(provider.start({ ...start, returnPath: '//evil.example/x' })).rejects.toThrow();
    await expect(
      provider.start({ ...start, returnPath: 'https://evil.example' }),
    ).rejects.toThrow();
  });
});

describe('Alipay: notifications', () => {
  it('verifies a paid notification to what it states', async () => {
    await expect(notice(alipayPaidFields())).resolves.toEqual({
      paymentId: 42,
      providerTxn: '2025030122001446880500000042',
      amountFen: 12340,
      currency: 'CNY',
      paid: true,
    });
    const finished = await notice(alipayPaidFields({ trade_status: 'TRADE_FINISHED' }));
    expect(finished.paid).toBe(true);
  });

  it('reads values with %, + and Chinese exactly as signed', async () => {
    const n = await notice(alipayPaidFields({ subject: '100%纯 + 板蓝根&颗粒=1', body: 'a%2Fb' }));
    expect(n.amountFen).toBe(12340);
  });

  it('reports a trade closed unpaid as not paid', async () => {
    const n = await notice(alipayPaidFields({ trade_status: 'TRADE_CLOSED' }));
    expect(n.paid).toBe(false);
  });

  it('refuses a tampered amount', async () => {
    const body = alipayNotification(alipayPaidFields(), alipay.privateKey).replace(
      'total_amount=123.40',
      'total_amount=1.00',
    );
    await expectRefused(provider.verifyNotification({ headers: new Headers(), body }), /签名/);
  });

  it('refuses a notification signed by anyone but Alipay', async () => {
    await expectRefused(notice(alipayPaidFields(), stranger.privateKey), /签名/);
  });

  it('refuses another app, another shop id, another currency, an unpaid state', async () => {
    await expectRefused(notice(alipayPaidFields({ app_id: '2021000000009999' })), /应用/);
    await expectRefused(notice(alipayPaidFields({ out_trade_no: '202503010001' })), /订单号/);
    await expectRefused(notice(alipayPaidFields({ trans_currency: 'USD' })), /人民币/);
    await expectRefused(notice(alipayPaidFields({ trade_status: 'WAIT_BUYER_PAY' })), /尚未完成/);
    await expectRefused(notice(alipayPaidFields({ total_amount: '1.234' })), /金额/);
  });

  it('refuses the RSA1 signature type and duplicated fields', async () => {
    const rsa1 = alipayNotification(alipayPaidFields(), alipay.privateKey).replace(
      'sign_type=RSA2',
      'sign_type=RSA',
    );
    await expectRefused(
      provider.verifyNotification({ headers: new Headers(), body: rsa1 }),
      /签名类型/,
    );
    const twice = `${alipayNotification(alipayPaidFields(), alipay.privateKey)}&total_amount=1.00`;
    await expectRefused(
      provider.verifyNotification({ headers: new Headers(), body: twice }),
      /格式/,
    );
  });

  it('answers the plain text Alipay expects', () => {
    expect(provider.acknowledge()).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
  });
});

describe('Alipay: refunds', () => {
  const request = refundRequest('2025030122001446880500000042');

  it('sends alipay.trade.refund signed with our key and reads the signed answer', async () => {
    gw.behaviour.alipayRefund = 'accept';
    const before = gw.requests.length;
    await expect(provider.refund(request)).resolves.toEqual({
      state: 'succeeded',
      providerRefundId: 'YPR0000000007',
    });
    const sent = gw.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.signedByUs).toBe(true);
    expect(sent[0]?.params?.['method']).toBe('alipay.trade.refund');
    expect(sent[0]?.biz).toEqual({
      out_trade_no: 'YP0000000042',
      trade_no: '2025030122001446880500000042',
      refund_amount: '50.00',
      out_request_no: 'YPR0000000007',
      refund_reason: '订单已取消',
    });
  });

  it('asks again with the same out_request_no: no second refund, the query confirms the first', async () => {
    await expect(provider.refund(request)).resolves.toEqual({
      state: 'processing',
      providerRefundId: 'YPR0000000007',
    });
    await expect(provider.refundStatus({ paymentId: 42, refundId: 7 })).resolves.toEqual({
      state: 'succeeded',
      providerRefundId: 'YPR0000000007',
    });
  });

  it('reports a refusal as final, with Alipay reason', async () => {
    gw.behaviour.alipayRefund = 'refuse';
    const result = await provider.refund({ ...request, refundId: 8 });
    expect(result).toEqual({ state: 'refused', reason: '交易已经关闭（ACQ.TRADE_HAS_CLOSE）' });
  });

  it('throws PROVIDER_FAILED for a system error and for an answer not signed by Alipay', async () => {
    for (const behaviour of ['system_error', 'forge_signature'] as const) {
      gw.behaviour.alipayRefund = behaviour;
      const error = await provider.refund({ ...request, refundId: 9 }).catch((e: unknown) => e);
      expect(isDomainError(error, 'PROVIDER_FAILED'), behaviour).toBe(true);
    }
    gw.behaviour.alipayRefund = 'accept';
  });
});
