import { defineConfig } from '@playwright/test';
import { generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

// One fixed port per run (the config is evaluated in every worker, so it must not be random),
// below the kernel's range for outgoing connections' local ports (see scripts/freePort.mjs).
const port = Number(process.env['E2E_PORT'] ?? 23_219);
const baseURL = `http://127.0.0.1:${port}`;
// Alipay is on beside the sandbox, so the pay page offers two providers: keys made here (the server
// only signs its page-pay link with them), its gateway a path of the shop that the spec intercepts.
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ALIPAY_GATEWAY = `${baseURL}/e2e-alipay/gateway.do`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/focus/common`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), `yaopi-e2e-${port}`),
      YAOPI_FRESH_DATA: '1',
      SEED_GOODS: '1500',
      // Without the demo's month of orders: the specs count on opening balances and stock.
      SEED_HISTORY: '0',
      DATABASE_URL: '',
      // The test build: GET /api/dev/sms lets the registration and reset specs read the SMS code.
      YAOPI_TEST_HOOKS: '1',
      PAY_PROVIDERS: 'sandbox,alipay',
      PUBLIC_URL: baseURL,
      ALIPAY_APP_ID: '2021000000000000',
      ALIPAY_PRIVATE_KEY: alipay.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ALIPAY_PUBLIC_KEY: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      ALIPAY_GATEWAY,
    },
  },
});
