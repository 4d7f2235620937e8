import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDomainError } from '#/server/errors.ts';
import { readPaymentSettings } from '#/server/payments/config.ts';
import type { Env } from '#/server/payments/envReader.ts';
import type { PaymentProvider } from '#/server/payments/provider.ts';
import { createWechatProvider } from '#/server/payments/wechat.ts';
import { type FakeGateway, startFakeGateway } from './support/gateway.ts';
import {
  rsaPair,
  wechatNotification,
  wechatTransaction,
  expectRefused,
  refundRequest,
} from './support/messages.ts';

const MCH_ID = '1900000109';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000001092025030100000000000001';
const API_V3_KEY = randomBytes(24).toString('base64url').slice(0, 32);
const merchant = rsaPair();
const platform = rsaPair();
const stranger = rsaPair();
let gw: FakeGateway;
let provider: PaymentProvider;

function wechatProvider(over: Env = {}): PaymentProvider {
  const { settings, problems } = readPaymentSettings({
    PAY_PROVIDERS: 'wechat',
    PUBLIC_URL: 'https://shop.example.com',
    WECHAT_MCH_ID: MCH_ID,
    WECHAT_APP_ID: 'wxd678efh567hg6787',
    WECHAT_API_V3_KEY: API_V3_KEY,
    WECHAT_PRIVATE_KEY: merchant.privatePem,
    WECHAT_CERT_SERIAL: MERCHANT_SERIAL,
    WECHAT_PLATFORM_PUBLIC_KEY: platform.publicPem,
    WECHAT_PLATFORM_SERIAL: PLATFORM_SERIAL,
    WECHAT_BASE_URL: gw.url,
    ...over,
  });
  expect(problems).toEqual([]);
  if (!settings.wechat) throw new Error('wechat settings missing');
  return createWechatProvider(settings.wechat);
}

type NotificationOptions = Partial<Parameters<typeof wechatNotification>[0]>;
const notification = (over: NotificationOptions = {}) =>
  wechatNotification({
    transaction: wechatTransaction(),
    apiV3Key: API_V3_KEY,
    platformKey: platform.privateKey,
    serial: PLATFORM_SERIAL,
    ...over,
  });
const notice = (over: NotificationOptions = {}) => provider.verifyNotification(notification(over));

beforeAll(async () => {
  gw = await startFakeGateway({
    alipay: { appId: '-', appPublicKey: merchant.publicKey, alipayKey: platform.privateKey },
    wechat: {
      mchId: MCH_ID,
      merchantPublicKey: merchant.publicKey,
      merchantSerial: MERCHANT_SERIAL,
      platformKey: platform.privateKey,
      platformSerial: PLATFORM_SERIAL,
    },
  });
  provider = wechatProvider();
});
afterAll(() => gw.close());

describe('WeChat Pay: Native order', () => {
  it('posts a signed order to the configured base URL and returns the code_url', async () => {
    const before = gw.requests.length;
    const started = await provider.start({
      paymentId: 42,
      orderNo: '202503010001',
      amountFen: 12340,
      subject: '药批订单 202503010001',
      returnPath: '/order/info/7',
    });
    expect(started.qrCode).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
    const [sent] = gw.requests.slice(before);
    expect(sent?.signedByUs).toBe(true);
    expect(sent?.path).toBe('/v3/pay/transactions/native');
    expect(sent?.headers['wechatpay-serial']).toBe(PLATFORM_SERIAL);
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      appid: 'wxd678efh567hg6787',
      mchid: MCH_ID,
      description: '药批订单 202503010001',
      out_trade_no: 'YP0000000042',
      notify_url: 'https://shop.example.com/api/pay/notify/wechat',
      amount: { total: 12340, currency: 'CNY' },
    });
  });

  it('fails with PROVIDER_FAILED when WeChat refuses our signature (wrong certificate serial)', async () => {
    const wrong = wechatProvider({ WECHAT_CERT_SERIAL: 'FFFF' });
    const start = { paymentId: 43, orderNo: 'X', amountFen: 1, subject: 'x', returnPath: '/' };
    const error = await wrong.start(start).catch((e: unknown) => e);
    expect(isDomainError(error, 'PROVIDER_FAILED')).toBe(true);
    expect((error as Error).message).toBe('微信支付下单失败：签名错误');
  });
});

describe('WeChat Pay: notifications', () => {
  it('verifies and decrypts a paid notification to what it states', async () => {
    await expect(notice()).resolves.toEqual({
      paymentId: 42,
      providerTxn: '4200002025030100000000000042',
      amountFen: 12340,
      currency: 'CNY',
      paid: true,
    });
  });

  it('reports a closed trade as not paid and refuses one still unpaid', async () => {
    const closed = await notice({ transaction: wechatTransaction({ trade_state: 'CLOSED' }) });
    expect(closed.paid).toBe(false);
    await expectRefused(
      notice({ transaction: wechatTransaction({ trade_state: 'NOTPAY' }) }),
      /尚未/,
    );
  });

  it('refuses a tampered amount: a body other than the one signed', async () => {
    const signed = notification();
    const other = notification({
      transaction: wechatTransaction({ amount: { total: 1, currency: 'CNY' } }),
    });
    await expectRefused(
      provider.verifyNotification({ headers: signed.headers, body: other.body }),
      /签名校验失败/,
    );
  });

  it('refuses a signature by another key and another serial', async () => {
    await expectRefused(notice({ platformKey: stranger.privateKey }), /签名校验失败/);
    await expectRefused(
      notice({ serial: 'PUB_KEY_ID_0000000000000000000000000000000000' }),
      /序列号/,
    );
  });

  it('refuses a stale timestamp (over 5 minutes), even when correctly signed', async () => {
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360;
    await expectRefused(notice({ timestamp: sixMinutesAgo }), /过期/);
    const fourMinutesAgo = Math.floor(Date.now() / 1000) - 240;
    await expect(notice({ timestamp: fourMinutesAgo })).resolves.toMatchObject({ paid: true });
  });

  it('refuses a bad GCM tag, other associated data and another APIv3 key', async () => {
    const flipLast = (r: { ciphertext: string }) => {
      const data = Buffer.from(r.ciphertext, 'base64');
      data[data.length - 1] = (data[data.length - 1] ?? 0) ^ 1;
      r.ciphertext = data.toString('base64');
    };
    await expectRefused(notice({ alter: flipLast }), /解密失败/);
    await expectRefused(notice({ alter: (r) => void (r.associated_data = 'refund') }), /解密失败/);
    await expectRefused(notice({ apiV3Key: 'k'.repeat(32) }), /解密失败/);
  });

  it('refuses another merchant, another app, another currency, an id not ours', async () => {
    await expectRefused(
      notice({ transaction: wechatTransaction({ mchid: '1900000999' }) }),
      /商户号/,
    );
    await expectRefused(
      notice({ transaction: wechatTransaction({ appid: 'wx0000000000000000' }) }),
      /应用/,
    );
    const usd = wechatTransaction({ amount: { total: 12340, currency: 'USD' } });
    await expectRefused(notice({ transaction: usd }), /人民币/);
    await expectRefused(
      notice({ transaction: wechatTransaction({ out_trade_no: 'YP42' }) }),
      /订单号/,
    );
  });

  it('answers 204 with no body, as WeChat Pay v3 expects', () => {
    expect(provider.acknowledge()).toEqual({ status: 204, body: '' });
  });
});

describe('WeChat Pay: refunds', () => {
  const request = refundRequest('4200002025030100000000000042');

  it('posts a signed refund, reads the signed answer, and asks again idempotently', async () => {
    gw.behaviour.wechatRefund = 'processing';
    const before = gw.requests.length;
    const first = await provider.refund(request);
    expect(first).toMatchObject({ state: 'processing' });
    const [sent] = gw.requests.slice(before);
    expect(sent?.signedByUs).toBe(true);
    expect(sent?.path).toBe('/v3/refund/domestic/refunds');
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      transaction_id: '4200002025030100000000000042',
      out_refund_no: 'YPR0000000007',
      reason: '订单已取消',
      amount: { refund: 5000, total: 12340, currency: 'CNY' },
    });
    await expect(provider.refund(request)).resolves.toEqual(first);
    const status = await provider.refundStatus({ paymentId: 42, refundId: 7 });
    expect(status).toEqual({ ...first, state: 'succeeded' });
    expect(gw.requests.at(-1)?.path).toBe('/v3/refund/domestic/refunds/YPR0000000007');
    expect(gw.requests.at(-1)?.signedByUs).toBe(true);
  });

  it('reports a refusal as final, with WeChat reason', async () => {
    gw.behaviour.wechatRefund = 'not_enough';
    await expect(provider.refund({ ...request, refundId: 8 })).resolves.toEqual({
      state: 'refused',
      reason: '基本账户余额不足，请充值后重新发起（NOT_ENOUGH）',
    });
  });

  it('throws PROVIDER_FAILED for a server fault and for an answer not signed by WeChat', async () => {
    for (const behaviour of ['server_error', 'forge_signature'] as const) {
      gw.behaviour.wechatRefund = behaviour;
      const error = await provider.refund({ ...request, refundId: 9 }).catch((e: unknown) => e);
      expect(isDomainError(error, 'PROVIDER_FAILED'), behaviour).toBe(true);
    }
    gw.behaviour.wechatRefund = 'processing';
  });
});
