import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/freePort.mjs';
import { SERVER_NODE_FLAGS, serverEnv } from '../../scripts/serverFlags.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** This test run's sandbox secret: random, never in the source. */
export const SANDBOX_SECRET = randomBytes(32).toString('hex');

/** A database of its own on the PostgreSQL server, so runs never see each other's rows. */
export async function createScratchDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `yaopi_t_${Date.now().toString(36)}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  databaseUrl: string | undefined;
  output: () => string;
  /** Stops the process and starts it again on the same port, data folder and database. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Starts the built shop (`scripts/start.mjs`) on a free port with a throw-away database. */
/**
 * `sharedDatabase`: run on this database as it is (a second process of the same shop); it is
 * neither created nor dropped here.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { sharedDatabase?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yaopi-test-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const baseDbUrl = env['DATABASE_URL'] ?? process.env['DATABASE_URL'];
  if (baseDbUrl && !opts.sharedDatabase) scratch = await createScratchDatabase(baseDbUrl);
  const spawnShop = (): ChildProcess =>
    spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      env: serverEnv({
        ...process.env,
        SEED_GOODS: '800',
        // The suites log in as the demo members, also on PostgreSQL (which is not seeded unasked).
        SEED_DEMO: '1',
        // Without the demo's month of orders: the suites count on opening balances and stock.
        SEED_HISTORY: '0',
        // The sandbox pays in tests; its secret is made per run (tests sign notices with it).
        PAY_SANDBOX: '1',
        PAY_SANDBOX_SECRET: SANDBOX_SECRET,
        // The test build with its hooks (GET /api/dev/sms, POST /api/dev/session_age…), and
        // X-Forwarded-For for per-IP throttling tests.
        YAOPI_TEST_HOOKS: '1',
        TRUST_PROXY: '1',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        ...(opts.sharedDatabase ? { DATABASE_URL: opts.sharedDatabase } : {}),
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  let log = '';
  let child = spawnShop();
  const url = `http://127.0.0.1:${port}`;
  const stopChild = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const ready = async () => {
    child.stdout?.on('data', (d) => (log += d));
    child.stderr?.on('data', (d) => (log += d));
    const deadline = Date.now() + Number(env['START_TIMEOUT_MS'] ?? 180_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
      try {
        const res = await fetch(`${url}/api/focus/common`);
        if (res.ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`server did not start:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  await ready();
  const running: RunningServer = {
    url,
    port,
    pid: child.pid!,
    databaseUrl: opts.sharedDatabase ?? scratch?.url,
    output: () => log,
    restart: async () => {
      await stopChild();
      child = spawnShop();
      running.pid = child.pid!;
      await ready();
    },
    stop: async () => {
      await stopChild();
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
  return running;
}
