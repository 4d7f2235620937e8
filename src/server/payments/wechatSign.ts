// WeChat Pay API v3 security (pay.weixin.qq.com, "签名认证" and "回调通知"): our requests carry an
// RSA-SHA256 signature made with the merchant API key; WeChat's answers and notifications carry
// one made with its platform key over "timestamp\nnonce\nbody\n"; a notification's resource is
// AES-256-GCM encrypted with the APIv3 key.
import {
  createDecipheriv,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { NOTIFY_MAX_AGE_S } from './provider.ts';

const SIGNATURE_TYPE = 'WECHATPAY2-SHA256-RSA2048';
const GCM_TAG_BYTES = 16;

/** The Authorization header of a request: method, path with query, timestamp, nonce and body signed. */
export function authorization(
  s: { mchId: string; certSerial: string; privateKey: KeyObject },
  method: string,
  pathWithQuery: string,
  body: string,
): string {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex').toUpperCase();
  const signature = createSign('RSA-SHA256')
    .update(`${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`)
    .sign(s.privateKey, 'base64');
  return `${SIGNATURE_TYPE} mchid="${s.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${s.certSerial}"`;
}

/**
 * Checks the Wechatpay-* headers of an answer or a notification against its raw body; returns
 * what is wrong (Chinese), or null when WeChat signed exactly this body recently.
 */
export function signatureProblem(
  s: { platformPublicKey: KeyObject; platformSerial: string },
  headers: Headers,
  body: string,
): string | null {
  const timestamp = headers.get('wechatpay-timestamp') ?? '';
  const nonce = headers.get('wechatpay-nonce') ?? '';
  const signature = headers.get('wechatpay-signature') ?? '';
  const serial = headers.get('wechatpay-serial') ?? '';
  const type = headers.get('wechatpay-signature-type');
  if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature || !serial) return '缺少微信支付签名';
  if (type !== null && type !== SIGNATURE_TYPE) return '签名类型不受支持';
  if (serial !== s.platformSerial) return '微信支付平台证书序列号不符';
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > NOTIFY_MAX_AGE_S) return '通知已过期';
  const valid = createVerify('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .verify(s.platformPublicKey, signature, 'base64');
  return valid ? null : '签名校验失败';
}

/**
 * The plaintext of an AEAD_AES_256_GCM resource ({algorithm, ciphertext (base64, the 16-byte tag
 * last), nonce, associated_data}); null when it is malformed or not encrypted with our key.
 */
export function decryptResource(apiV3Key: Buffer, r: Record<string, unknown>): string | null {
  const { algorithm, ciphertext, nonce, associated_data: aad = '' } = r;
  if (algorithm !== 'AEAD_AES_256_GCM') return null;
  if (typeof ciphertext !== 'string' || typeof nonce !== 'string' || typeof aad !== 'string')
    return null;
  const data = Buffer.from(ciphertext, 'base64');
  if (data.length <= GCM_TAG_BYTES || !nonce) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    const plain = Buffer.concat([
      decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}
