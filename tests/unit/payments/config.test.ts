import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentConfigProblems, readPaymentSettings } from '#/server/payments/config.ts';
import { readPrivateKey, readPublicKey } from '#/server/payments/keys.ts';
import { createPaymentRegistry } from '#/server/payments/registry.ts';
import { rsaPair } from './support/messages.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'yaopi-pay-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const keys = rsaPair();

const alipayEnv = {
  PAY_PROVIDERS: 'alipay',
  PUBLIC_URL: 'https://shop.example.com/',
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: keys.privatePem,
  ALIPAY_PUBLIC_KEY: keys.publicPem,
};
const wechatEnv = {
  PAY_PROVIDERS: 'wechat',
  PUBLIC_URL: 'https://shop.example.com',
  WECHAT_MCH_ID: '1900000109',
  WECHAT_APP_ID: 'wxd678efh567hg6787',
  WECHAT_API_V3_KEY: 'k'.repeat(32),
  WECHAT_PRIVATE_KEY: keys.privatePem,
  WECHAT_CERT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHAT_PLATFORM_PUBLIC_KEY: keys.publicPem,
  WECHAT_PLATFORM_SERIAL: 'PUB_KEY_ID_0119000001092025030100000000000001',
};

describe('which providers are on', () => {
  it('the sandbox only on the embedded demo database, unless configured', () => {
    expect(readPaymentSettings({}).settings.enabled).toEqual(['sandbox']);
    const pg = 'postgres://postgres@127.0.0.1:5432/test';
    expect(readPaymentSettings({ DATABASE_URL: pg }).settings.enabled).toEqual([]);
    expect(readPaymentSettings({ DATABASE_URL: pg, PAY_SANDBOX: '1' }).settings.enabled).toEqual([
      'sandbox',
    ]);
    expect(readPaymentSettings({ PAY_SANDBOX: '0' }).settings.enabled).toEqual([]);
    expect(readPaymentSettings({ PAY_PROVIDERS: 'alipay' }).settings.enabled).toEqual(['alipay']);
    expect(readPaymentSettings({ PAY_PROVIDERS: ' wechat , sandbox' }).settings.enabled).toEqual([
      'sandbox',
      'wechat',
    ]);
  });

  it('the sandbox notifies the shop on loopback at its own port', () => {
    const at = (env: Record<string, string>) =>
      readPaymentSettings(env).settings.sandbox?.notifyUrl;
    expect(at({})).toBe('http://127.0.0.1:4321/api/pay/notify/sandbox');
    expect(at({ PORT: '8080', HOST: '0.0.0.0' })).toBe(
      'http://127.0.0.1:8080/api/pay/notify/sandbox',
    );
    expect(at({ PORT: '8080', HOST: '::1' })).toBe('http://[::1]:8080/api/pay/notify/sandbox');
  });

  it('complete settings have no problems; notify URLs come from PUBLIC_URL', () => {
    const alipay = readPaymentSettings(alipayEnv);
    expect(alipay.problems).toEqual([]);
    expect(alipay.settings.alipay?.notifyUrl).toBe(
      'https://shop.example.com/api/pay/notify/alipay',
    );
    expect(alipay.settings.alipay?.gateway).toBe('https://openapi.alipay.com/gateway.do');
    const wechat = readPaymentSettings(wechatEnv);
    expect(wechat.problems).toEqual([]);
    expect(wechat.settings.wechat?.notifyUrl).toBe(
      'https://shop.example.com/api/pay/notify/wechat',
    );
    expect(wechat.settings.wechat?.baseUrl).toBe('https://api.mch.weixin.qq.com');
  });
});

describe('paymentConfigProblems', () => {
  it('names every missing key of every configured provider, in Chinese and English', () => {
    const problems = paymentConfigProblems({ PAY_PROVIDERS: 'alipay,wechat', DATABASE_URL: 'x' });
    const text = problems.join('\n');
    for (const key of [
      'ALIPAY_APP_ID',
      'ALIPAY_PRIVATE_KEY',
      'ALIPAY_PUBLIC_KEY',
      'WECHAT_MCH_ID',
      'WECHAT_APP_ID',
      'WECHAT_API_V3_KEY',
      'WECHAT_PRIVATE_KEY',
      'WECHAT_CERT_SERIAL',
      'WECHAT_PLATFORM_PUBLIC_KEY',
      'PUBLIC_URL',
    ])
      expect(text).toContain(key);
    for (const p of problems) {
      expect(p).toMatch(/[\u4e00-\u9fff]/);
      expect(p).toMatch(/[a-z]{3,} [a-z]{2,}/);
    }
  });

  it('refuses unusable values', () => {
    const problemsOf = (env: Record<string, string>) => paymentConfigProblems(env).join('\n');
    expect(problemsOf({ PAY_PROVIDERS: 'sandbox,paypal' })).toContain('paypal');
    expect(problemsOf({ ...alipayEnv, ALIPAY_PRIVATE_KEY: 'not a key' })).toContain(
      'ALIPAY_PRIVATE_KEY 不是可用的',
    );
    expect(
      problemsOf({ ...alipayEnv, ALIPAY_GATEWAY: 'http://gateway.example/gateway.do' }),
    ).toContain('ALIPAY_GATEWAY');
    expect(problemsOf({ ...wechatEnv, WECHAT_API_V3_KEY: 'short' })).toContain('WECHAT_API_V3_KEY');
    expect(problemsOf({ ...wechatEnv, PUBLIC_URL: 'http://shop.example.com' })).toContain('https');
    expect(problemsOf({ ...wechatEnv, WECHAT_PLATFORM_SERIAL: '' })).toContain(
      'WECHAT_PLATFORM_SERIAL',
    );
    expect(problemsOf({ PAY_SANDBOX_SECRET: 'short' })).toContain('PAY_SANDBOX_SECRET');
  });

  it('reads keys from NAME_FILE, and refuses both forms at once or a missing file', () => {
    const file = path.join(dir, 'alipay-private.pem');
    writeFileSync(file, keys.privatePkcs1Pem, { mode: 0o600 });
    const { ALIPAY_PRIVATE_KEY: _, ...withoutKey } = alipayEnv;
    expect(paymentConfigProblems({ ...withoutKey, ALIPAY_PRIVATE_KEY_FILE: file })).toEqual([]);
    expect(paymentConfigProblems({ ...alipayEnv, ALIPAY_PRIVATE_KEY_FILE: file }).join()).toContain(
      'ALIPAY_PRIVATE_KEY_FILE',
    );
    const missing = paymentConfigProblems({
      ...withoutKey,
      ALIPAY_PRIVATE_KEY_FILE: `${file}.nope`,
    });
    expect(missing.join()).toContain('无法读取');
  });
});

describe('keys as operators paste them', () => {
  it('reads PEM, bare base64 (PKCS#8 and PKCS#1) and "\\n"-escaped PEM', () => {
    const pkcs8 = keys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const pkcs1 = keys.privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64');
    const fingerprint = (k: ReturnType<typeof readPrivateKey>) =>
      k.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    for (const text of [
      pkcs8,
      pkcs1,
      keys.privatePkcs1Pem,
      keys.privatePem.replaceAll('\n', '\\n'),
    ])
      expect(fingerprint(readPrivateKey(text))).toBe(pkcs8);
    expect(readPublicKey(keys.publicBase64).key.equals(keys.publicKey)).toBe(true);
  });

  it('takes a platform certificate and its serial number', () => {
    const keyFile = path.join(dir, 'platform.key');
    const certFile = path.join(dir, 'platform.pem');
    writeFileSync(keyFile, keys.privatePem);
    execFileSync('openssl', [
      'req',
      '-new',
      '-x509',
      '-key',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=Tenpay.com Root CA',
      '-set_serial',
      '0x5157F09EFDC096DE',
    ]);
    const { WECHAT_PLATFORM_SERIAL: _, ...withoutSerial } = wechatEnv;
    const env = { ...withoutSerial, WECHAT_PLATFORM_PUBLIC_KEY: readFileSync(certFile, 'utf8') };
    const { settings, problems } = readPaymentSettings(env);
    expect(problems).toEqual([]);
    expect(settings.wechat?.platformSerial).toBe('5157F09EFDC096DE');
    expect(settings.wechat?.platformPublicKey.equals(keys.publicKey)).toBe(true);
  });
});

describe('providerByName', () => {
  it('gives the configured providers only, and none that lacks a key', () => {
    const registry = createPaymentRegistry(
      { ...alipayEnv, PAY_PROVIDERS: 'alipay,wechat,sandbox' },
      'memory://',
    );
    expect(registry.enabled).toEqual(['sandbox', 'alipay']);
    expect(registry.providerByName('alipay')?.name).toBe('alipay');
    expect(registry.providerByName('sandbox')?.name).toBe('sandbox');
    expect(registry.providerByName('wechat')).toBeNull();
    expect(registry.providerByName('paypal')).toBeNull();
    expect(registry.providerByName('alipay')).toBe(registry.providerByName('alipay'));
    expect(
      createPaymentRegistry({ DATABASE_URL: 'x' }, 'memory://').providerByName('sandbox'),
    ).toBeNull();
  });
});
