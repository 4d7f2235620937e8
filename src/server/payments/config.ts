// Which payment providers are on and their keys, read from the environment. Every problem is a
// Chinese/English sentence naming the variable, so the shop can refuse to start with all of them
// listed at once. Outbound calls go only to the base URLs read here.

import type { KeyObject } from 'node:crypto';
import { PAY_PROVIDER_LABEL } from '#/lib/payProviders.ts';
import { type Env, EnvReader } from './envReader.ts';
import { readPrivateKey, readPublicKey } from './keys.ts';
import { isProviderName, PROVIDER_NAMES, type ProviderName } from './provider.ts';

export interface SandboxSettings {
  /** PAY_SANDBOX_SECRET; null: the secret is kept in the data folder (sandboxSecret.ts) */
  secret: string | null;
  /** the shop's own notify endpoint on loopback: the sandbox posts there and nowhere else */
  notifyUrl: string;
  /** PAY_SANDBOX_REFUND_FAULTS: how many times each refund fails before the sandbox takes it */
  refundFaults: number;
}

export interface AlipaySettings {
  appId: string;
  privateKey: KeyObject;
  alipayPublicKey: KeyObject;
  gateway: string;
  notifyUrl: string;
  publicUrl: string;
}

export interface WechatSettings {
  mchId: string;
  appId: string;
  /** the APIv3 key: 32 bytes, the AES-256-GCM key of notification resources */
  apiV3Key: Buffer;
  privateKey: KeyObject;
  /** serial number of the merchant API certificate whose private key signs our requests */
  certSerial: string;
  platformPublicKey: KeyObject;
  /** the platform certificate serial or WeChat Pay public key id (PUB_KEY_ID_…) it signs with */
  platformSerial: string;
  baseUrl: string;
  notifyUrl: string;
  publicUrl: string;
}

export interface PaymentSettings {
  enabled: ProviderName[];
  sandbox?: SandboxSettings;
  alipay?: AlipaySettings;
  wechat?: WechatSettings;
}

const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const WECHAT_BASE_URL = 'https://api.mch.weixin.qq.com';
const LABEL = PAY_PROVIDER_LABEL;

/** Which providers are on: PAY_PROVIDERS, plus PAY_SANDBOX=1; by default the sandbox on the embedded demo database only. */
function enabledNames(env: Env, problems: string[]): ProviderName[] {
  const listed = env['PAY_PROVIDERS']?.trim();
  const names = new Set<ProviderName>();
  if (listed) {
    for (const raw of listed.split(',')) {
      const name = raw.trim();
      if (!name) continue;
      if (isProviderName(name)) names.add(name);
      else
        problems.push(
          `PAY_PROVIDERS 中的「${name}」不是支付方式，可选 ${PROVIDER_NAMES.join('、')}（PAY_PROVIDERS: unknown provider "${name}"）`,
        );
    }
  } else if (!env['DATABASE_URL']) names.add('sandbox');
  if (env['PAY_SANDBOX'] === '1') names.add('sandbox');
  if (env['PAY_SANDBOX'] === '0') names.delete('sandbox');
  return PROVIDER_NAMES.filter((n) => names.has(n));
}

const port = (env: Env) => env['PORT']?.trim() || '4321';

/** The shop's own origin on this machine, from its configured bind address (never a request's Host). */
function loopbackOrigin(env: Env): string {
  const host = env['HOST']?.trim() ?? '';
  const reachable = host === '' || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port(env)}`;
}

/** PUBLIC_URL: where Alipay and WeChat reach the shop from outside (notify and return URLs). */
function publicUrl(env: Env, need: ProviderName[], problems: string[]): string {
  const text = env['PUBLIC_URL']?.trim().replace(/\/+$/, '');
  if (!text) {
    if (need.length)
      problems.push(
        `${need.map((n) => LABEL[n]).join('、')}已开启，但未设置 PUBLIC_URL（PUBLIC_URL is required for ${need.join(', ')}: the provider sends its notifications there）`,
      );
    return `http://127.0.0.1:${port(env)}`;
  }
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {}
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    problems.push(`PUBLIC_URL 不是有效的网址（PUBLIC_URL is not a valid http(s) URL）`);
  else if (need.includes('wechat') && url.protocol !== 'https:')
    problems.push(
      `微信支付要求 PUBLIC_URL 为 https 地址（WeChat Pay sends notifications to https URLs only）`,
    );
  return text;
}

function readAlipay(env: Env, base: string, problems: string[]): AlipaySettings | undefined {
  const r = new EnvReader(env, 'alipay', LABEL.alipay, problems);
  const appId = r.text('ALIPAY_APP_ID');
  const privateKey = r.key('ALIPAY_PRIVATE_KEY', readPrivateKey, 'RSA 私钥', 'RSA private key');
  const alipayPublicKey = r.key(
    'ALIPAY_PUBLIC_KEY',
    (t) => readPublicKey(t).key,
    '支付宝 RSA 公钥',
    'Alipay RSA public key',
  );
  const gateway = r.baseUrl('ALIPAY_GATEWAY', ALIPAY_GATEWAY);
  if (!appId || !privateKey || !alipayPublicKey || !gateway) return undefined;
  const notifyUrl = `${base}/api/pay/notify/alipay`;
  return { appId, privateKey, alipayPublicKey, gateway, notifyUrl, publicUrl: base };
}

function readWechat(env: Env, base: string, problems: string[]): WechatSettings | undefined {
  const r = new EnvReader(env, 'wechat', LABEL.wechat, problems);
  const mchId = r.text('WECHAT_MCH_ID');
  const appId = r.text('WECHAT_APP_ID');
  const v3Key = r.secretText('WECHAT_API_V3_KEY');
  const apiV3Key = v3Key === undefined ? undefined : Buffer.from(v3Key.trim(), 'utf8');
  if (apiV3Key && apiV3Key.length !== 32) {
    problems.push(
      `WECHAT_API_V3_KEY 必须是 32 个字符（WECHAT_API_V3_KEY must be the 32-character APIv3 key）`,
    );
  }
  const privateKey = r.key(
    'WECHAT_PRIVATE_KEY',
    readPrivateKey,
    '商户 API 私钥',
    'merchant RSA private key',
  );
  const certSerial = r.text('WECHAT_CERT_SERIAL');
  const platform = r.key(
    'WECHAT_PLATFORM_PUBLIC_KEY',
    readPublicKey,
    '微信支付公钥或平台证书',
    'WeChat Pay public key or platform certificate',
  );
  const platformSerial = env['WECHAT_PLATFORM_SERIAL']?.trim() || platform?.certSerial;
  if (platform && !platformSerial)
    problems.push(
      `微信支付已开启，但未设置 WECHAT_PLATFORM_SERIAL（微信支付公钥 ID 或平台证书序列号）（wechat is on but WECHAT_PLATFORM_SERIAL is not set）`,
    );
  const baseUrl = r.baseUrl('WECHAT_BASE_URL', WECHAT_BASE_URL);
  if (!mchId || !appId || !apiV3Key || apiV3Key.length !== 32 || !privateKey || !certSerial)
    return undefined;
  if (!platform || !platformSerial || !baseUrl) return undefined;
  return {
    mchId,
    appId,
    apiV3Key,
    privateKey,
    certSerial,
    platformPublicKey: platform.key,
    platformSerial,
    baseUrl,
    notifyUrl: `${base}/api/pay/notify/wechat`,
    publicUrl: base,
  };
}

export function readPaymentSettings(env: Env): { settings: PaymentSettings; problems: string[] } {
  const problems: string[] = [];
  const enabled = enabledNames(env, problems);
  const settings: PaymentSettings = { enabled };
  if (enabled.includes('sandbox')) {
    const secret = env['PAY_SANDBOX_SECRET']?.trim() || null;
    if (secret !== null && secret.length < 32)
      problems.push(
        `PAY_SANDBOX_SECRET 至少需要 32 个字符（PAY_SANDBOX_SECRET must have at least 32 characters）`,
      );
    const faultsText = env['PAY_SANDBOX_REFUND_FAULTS']?.trim() || '0';
    const refundFaults = Number(faultsText);
    if (!/^\d{1,2}$/.test(faultsText) || refundFaults > 20)
      problems.push(
        `PAY_SANDBOX_REFUND_FAULTS 应为 0–20 的整数（PAY_SANDBOX_REFUND_FAULTS must be an integer from 0 to 20）`,
      );
    else if (secret === null || secret.length >= 32)
      settings.sandbox = {
        secret,
        notifyUrl: `${loopbackOrigin(env)}/api/pay/notify/sandbox`,
        refundFaults,
      };
  }
  const base = publicUrl(
    env,
    enabled.filter((n) => n !== 'sandbox'),
    problems,
  );
  if (enabled.includes('alipay')) {
    const alipay = readAlipay(env, base, problems);
    if (alipay) settings.alipay = alipay;
  }
  if (enabled.includes('wechat')) {
    const wechat = readWechat(env, base, problems);
    if (wechat) settings.wechat = wechat;
  }
  return { settings, problems };
}

/** Every configured provider's missing or unusable setting, as Chinese/English sentences. */
export const paymentConfigProblems = (env: Env = process.env): string[] =>
  readPaymentSettings(env).problems;
