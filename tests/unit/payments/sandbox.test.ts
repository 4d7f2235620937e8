import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPaymentRegistry } from '#/server/payments/registry.ts';
import { createSandboxProvider } from '#/server/payments/sandbox.ts';
import { sandboxSecret, sandboxSecretFile } from '#/server/payments/sandboxSecret.ts';
import { expectRefused } from './support/messages.ts';

const SECRET = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);
let dataDir: string;

/** The shop's notify endpoint, played by a local server that records what reaches it. */
let shop: http.Server;
let shopPort: number;
const received: { path: string; headers: Headers; body: string }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'yaopi-pay-'));
  shop = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    received.push({ path: req.url ?? '', headers, body: Buffer.concat(chunks).toString() });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopPort = (shop.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => shop.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => vi.useRealTimers());

describe('sandbox secret', () => {
  it('is generated once per data folder into secrets/pay-sandbox.key with mode 0600, then reused', () => {
    const first = sandboxSecret(null, dataDir);
    const file = sandboxSecretFile(dataDir);
    expect(file).toBe(path.join(dataDir, 'secrets', 'pay-sandbox.key'));
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(sandboxSecret(null, dataDir)).toBe(first);
  });

  it('comes from PAY_SANDBOX_SECRET when set, and is random per process in memory', () => {
    expect(sandboxSecret(SECRET, dataDir)).toBe(SECRET);
    const inMemory = sandboxSecret(null, 'memory://');
    expect(inMemory).toMatch(/^[0-9a-f]{64}$/);
    expect(inMemory).not.toBe(sandboxSecret(null, dataDir));
    expect(sandboxSecret(null, 'memory://')).toBe(inMemory);
  });
});

describe('sandbox provider', () => {
  const sandbox = createSandboxProvider({ secret: SECRET, notifyUrl: 'http://127.0.0.1:9/unused' });

  it('starts on the shop cashier page', async () => {
    const start = { paymentId: 42, orderNo: 'X', amountFen: 100, subject: 'x', returnPath: '/' };
    await expect(sandbox.start(start)).resolves.toEqual({ payUrl: '/cart/hm?payment=42' });
  });

  it('verifies its own notification to what it states', async () => {
    const n = sandbox.notification(42, 12340);
    await expect(
      sandbox.verifyNotification({ headers: new Headers(n.headers), body: n.body }),
    ).resolves.toEqual({
      paymentId: 42,
      providerTxn: 'SBX0000000042',
      amountFen: 12340,
      currency: 'CNY',
      paid: true,
    });
  });

  it('refuses a notification signed with another secret, a tampered amount, a stale one', async () => {
    const other = createSandboxProvider({ secret: OTHER, notifyUrl: 'http://127.0.0.1:9/unused' });
    const forged = other.notification(42, 12340);
    await expectRefused(
      sandbox.verifyNotification({ headers: new Headers(forged.headers), body: forged.body }),
      /签名校验失败/,
    );
    const n = sandbox.notification(42, 12340);
    const tampered = n.body.replace('12340', '1');
    await expectRefused(
      sandbox.verifyNotification({ headers: new Headers(n.headers), body: tampered }),
      /签名校验失败/,
    );
    vi.useFakeTimers({ now: Date.now() - 10 * 60_000 });
    const old = sandbox.notification(42, 12340);
    vi.useRealTimers();
    await expectRefused(
      sandbox.verifyNotification({ headers: new Headers(old.headers), body: old.body }),
      /过期/,
    );
    await expectRefused(
      sandbox.verifyNotification({ headers: new Headers(), body: n.body }),
      /签名/,
    );
  });

  it('refuses a correctly signed body that is not a notification', async () => {
    for (const body of ['null', '[]', '{"out_trade_no":"YP0000000042"}']) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', SECRET)
        .update(`${timestamp}\n${body}\n`)
        .digest('hex');
      const headers = new Headers({
        'yaopi-sandbox-timestamp': timestamp,
        'yaopi-sandbox-signature': signature,
      });
      await expectRefused(sandbox.verifyNotification({ headers, body }), /格式|交易号|订单号/);
    }
  });

  it('refunds at once, idempotently per refund id', async () => {
    const r = {
      paymentId: 42,
      providerTxn: 'SBX0000000042',
      refundId: 3,
      amountFen: 1,
      totalFen: 2,
      reason: '',
    };
    const first = await sandbox.refund(r);
    expect(first).toEqual({ state: 'succeeded', providerRefundId: 'SBXR0000000003' });
    await expect(sandbox.refund(r)).resolves.toEqual(first);
  });
});

describe('sandbox delivery', () => {
  it('posts the signed notification to the configured loopback notify URL only', async () => {
    const registry = createPaymentRegistry({ PORT: String(shopPort), HOST: '0.0.0.0' }, dataDir);
    expect(registry.enabled).toEqual(['sandbox']);
    const sandbox = registry.providerByName('sandbox');
    if (!sandbox) throw new Error('sandbox off');
    received.length = 0;
    await expect(sandbox.deliver(42, 12340)).resolves.toBe(true);
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got?.path).toBe('/api/pay/notify/sandbox');
    const n = await sandbox.verifyNotification({
      headers: got?.headers ?? new Headers(),
      body: got?.body ?? '',
    });
    expect(n).toMatchObject({ paymentId: 42, amountFen: 12340, paid: true });
    // signed with the data folder's secret: a provider reading the same folder accepts it
    const again = createPaymentRegistry({ PORT: String(shopPort) }, dataDir).providerByName(
      'sandbox',
    );
    await expect(
      again?.verifyNotification({ headers: got?.headers ?? new Headers(), body: got?.body ?? '' }),
    ).resolves.toMatchObject({ paymentId: 42 });
  });

  it('answers false, without throwing, when the shop does not accept it', async () => {
    const refusing = http.createServer((_req, res) => res.writeHead(400).end());
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const port = (refusing.address() as AddressInfo).port;
    const toRefusing = createSandboxProvider({
      secret: SECRET,
      notifyUrl: `http://127.0.0.1:${port}/x`,
    });
    await expect(toRefusing.deliver(1, 1)).resolves.toBe(false);
    await new Promise((resolve) => refusing.close(resolve));
  });
});
