// A shop that cannot run as configured says so at once, in Chinese and English, and does not start.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: 'memory://', YAOPI_TEST_HOOKS: '1', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('start-up configuration', () => {
  it('refuses unusable settings, naming each', () => {
    const r = start({ PORT: 'abc', SEED_GOODS: 'lots' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('PORT="abc"');
    expect(r.stderr).toContain('SEED_GOODS="lots"');
    expect(r.stderr).toContain('配置有误');
  });

  it('refuses a payment provider switched on without its keys', () => {
    const r = start({ PAY_PROVIDERS: 'alipay', PORT: '1' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('ALIPAY_APP_ID');
    expect(r.stderr).not.toMatch(/serving on/);
  });
});

describe('a shop that is not the demo', () => {
  it('shows no demo logins on its login page', async () => {
    const { startServer } = await import('../support/server.ts');
    const shop = await startServer({ YAOPI_DEMO: '0', SEED_DEMO: '0', DATABASE_URL: '' });
    try {
      const html = await (await fetch(`${shop.url}/login`)).text();
      expect(html).toContain('会员登录');
      expect(html).not.toContain('demo-hint');
      expect(html).not.toContain('yaopi2026');
    } finally {
      await shop.stop();
    }
  }, 180_000);
});
