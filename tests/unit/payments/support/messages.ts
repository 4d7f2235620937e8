// Alipay and WeChat Pay played locally: keys generated per run for "us" and for "the provider",
// and messages built as the providers send them. Written from the providers' documentation with
// node:crypto only, independent of src/.
import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { expect } from 'vitest';
import { isDomainError } from '#/server/errors.ts';

export interface RsaPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** PKCS#8 PEM */
  privatePem: string;
  /** PKCS#1 PEM ("BEGIN RSA PRIVATE KEY"), the form Alipay's tool gives non-Java developers */
  privatePkcs1Pem: string;
  publicPem: string;
  /** the bare base64 body of the SPKI public key, as Alipay's console shows it */
  publicBase64: string;
}

export function rsaPair(): RsaPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return {
    privateKey,
    publicKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    privatePkcs1Pem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publicPem,
    publicBase64: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

export const rsaSign = (key: KeyObject, text: string) =>
  createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');
export const rsaVerify = (key: KeyObject, text: string, signature: string) =>
  createVerify('RSA-SHA256').update(text, 'utf8').verify(key, signature, 'base64');

// ---------------------------------------------------------------- Alipay

/** Alipay's signing content: every parameter but the excluded ones, sorted by name, `k=v` joined by `&`. */
export function alipayContent(fields: Record<string, string>, exclude: string[]): string {
  return Object.keys(fields)
    .filter((k) => !exclude.includes(k) && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

/** An asynchronous notification as Alipay posts it (form-encoded, RSA2 over all but sign and sign_type). */
export function alipayNotification(fields: Record<string, string>, alipayKey: KeyObject): string {
  const sign = rsaSign(alipayKey, alipayContent(fields, ['sign', 'sign_type']));
  return new URLSearchParams({ ...fields, sign_type: 'RSA2', sign }).toString();
}

export function alipayPaidFields(over: Record<string, string> = {}): Record<string, string> {
  return {
    gmt_create: '2025-03-01 10:00:00',
    charset: 'utf-8',
    seller_email: 'finance@yaopi.example',
    subject: '药批订单 202503010001',
    buyer_id: '2088102177846880',
    invoice_amount: '123.40',
    notify_id: `2025030100222100001${randomBytes(4).toString('hex')}`,
    fund_bill_list: '[{"amount":"123.40","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: '123.40',
    app_id: '2021000000000001',
    buyer_pay_amount: '123.40',
    seller_id: '2088102177649450',
    gmt_payment: '2025-03-01 10:00:05',
    notify_time: '2025-03-01 10:00:06',
    version: '1.0',
    out_trade_no: 'YP0000000042',
    total_amount: '123.40',
    trade_no: '2025030122001446880500000042',
    auth_app_id: '2021000000000001',
    buyer_logon_id: '159****5620',
    point_amount: '0.00',
    ...over,
  };
}

// ---------------------------------------------------------------- WeChat Pay v3

export const alnum = (n: number) =>
  randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n);

/** AEAD_AES_256_GCM as WeChat encrypts a resource: ciphertext = base64(encrypted || 16-byte tag). */
export function wechatEncrypt(apiV3Key: string, plaintext: string, aad = 'transaction') {
  const nonce = alnum(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([
    cipher.update(plaintext, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return {
    original_type: 'transaction',
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: aad,
    nonce,
  };
}

/** The Wechatpay-* headers WeChat puts on an answer or a notification. */
export function wechatSignedHeaders(
  platformKey: KeyObject,
  serial: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const nonce = alnum(32);
  return {
    'Wechatpay-Timestamp': String(timestamp),
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': rsaSign(platformKey, `${timestamp}\n${nonce}\n${body}\n`),
    'Wechatpay-Serial': serial,
    'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

export function wechatTransaction(over: Record<string, unknown> = {}) {
  return {
    mchid: '1900000109',
    appid: 'wxd678efh567hg6787',
    out_trade_no: 'YP0000000042',
    transaction_id: '4200002025030100000000000042',
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    attach: '',
    success_time: '2025-03-01T10:00:05+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: 12340, payer_total: 12340, currency: 'CNY', payer_currency: 'CNY' },
    ...over,
  };
}

/** A payment notification as WeChat posts it: JSON with the encrypted transaction, signed headers. */
export function wechatNotification(opts: {
  transaction: object;
  apiV3Key: string;
  platformKey: KeyObject;
  serial: string;
  timestamp?: number;
  /** changes the resource after encrypting (before signing), e.g. to break the GCM tag */
  alter?: (resource: ReturnType<typeof wechatEncrypt>) => void;
}): { headers: Headers; body: string } {
  const resource = wechatEncrypt(opts.apiV3Key, JSON.stringify(opts.transaction));
  opts.alter?.(resource);
  const body = JSON.stringify({
    id: `EV-${alnum(20)}`,
    create_time: '2025-03-01T10:00:06+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource,
  });
  return {
    headers: new Headers({
      'content-type': 'application/json',
      ...wechatSignedHeaders(opts.platformKey, opts.serial, body, opts.timestamp),
    }),
    body,
  };
}

// ---------------------------------------------------------------- assertions

/** The promise is refused as an inauthentic notification, with a Chinese message matching `message`. */
export async function expectRefused(promise: Promise<unknown>, message: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isDomainError(error, 'NOTIFY_INVALID'), String(error)).toBe(true);
  expect((error as Error).message).toMatch(message);
  expect((error as Error).message).toMatch(/[\u4e00-\u9fff]/);
}

/** A refund of 50.00 yuan of a 123.40 yuan payment, refund id 7. */
export const refundRequest = (providerTxn: string) => ({
  paymentId: 42,
  providerTxn,
  refundId: 7,
  amountFen: 5000,
  totalFen: 12340,
  reason: '订单已取消',
});
