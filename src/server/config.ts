import path from 'node:path';
import { z } from 'zod';
import { paymentConfigProblems } from './payments/config.ts';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The project root is found at run time (walking up to package.json) so that code bundled into
// dist/server/chunks and code run from src/ resolve the same migrations and data folders.
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (
      existsSync(path.join(dir, 'package.json')) &&
      existsSync(path.join(dir, 'db', 'migrations'))
    )
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const projectRoot = findProjectRoot();

/** A setting that cannot be used; start-up stops with every such message at once. */
export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`配置有误 / invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const int = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: 'custom',
          message: `${name}=${JSON.stringify(v)}：应为 ${min}–${max} 的整数 / must be an integer from ${min} to ${max}`,
        });
        return z.NEVER;
      }
      return n;
    });
const flag = (name: string) =>
  z
    .enum(['0', '1', ''], {
      error: () => `${name}：只能是 0 或 1 / must be 0 or 1`,
    })
    .optional()
    .transform((v) => (v === '' ? undefined : v));

const Env = z.object({
  PORT: int('PORT', 1, 65_535, 4321),
  HOST: z.string().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\/\S+$/.test(v), {
      message: 'DATABASE_URL：应为 postgres://… 连接串 / must be a postgres:// URL',
    }),
  SEED_GOODS: int('SEED_GOODS', 0, 1_000_000, 10_000),
  SEED_DEMO: flag('SEED_DEMO'),
  SEED_HISTORY: flag('SEED_HISTORY'),
  YAOPI_DEMO: flag('YAOPI_DEMO'),
  DB_POOL_MAX: int('DB_POOL_MAX', 1, 200, 10),
  SESSION_CACHE_MS: int('SESSION_CACHE_MS', 0, 600_000, 3000),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: () =>
        'LOG_LEVEL：应为 fatal、error、warn、info、debug、trace 或 silent / must be a pino level',
    })
    .optional(),
  TRUST_PROXY: flag('TRUST_PROXY'),
  JOBS_TICK_S: int('JOBS_TICK_S', 1, 3600, 60),
});

/** The environment as settings; throws ConfigError naming every unusable variable. */
export function readConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = Env.safeParse(env);
  // A provider that is on without its keys stops the start, like any other unusable setting.
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => i.message)),
    ...paymentConfigProblems(env),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST || 'localhost',
    databaseUrl: e.DATABASE_URL || undefined,
    /** `memory://` keeps the embedded database in memory (tests). */
    dataDir:
      e.DATA_DIR === 'memory://' ? 'memory://' : path.resolve(projectRoot, e.DATA_DIR || 'data'),
    migrationsDir: path.join(projectRoot, 'db', 'migrations'),
    seedGoods: e.SEED_GOODS,
    /**
     * Whether an empty database gets the demo shop: the embedded one by default, PostgreSQL only
     * when asked (SEED_DEMO=1), since an empty PostgreSQL is usually a real shop's first start.
     */
    seedDemo: e.SEED_DEMO === '1' || (e.SEED_DEMO === undefined && !e.DATABASE_URL),
    /**
     * Whether the demo shop gets a month of orders (demo/tradeHistory.ts): yes unless SEED_HISTORY=0,
     * which the test suites set, since they count on the stores' opening balances and stock.
     */
    seedHistory: e.SEED_HISTORY !== '0',
    /** Demo login hints are shown only on the embedded demo database. */
    isDemo: !e.DATABASE_URL && e.YAOPI_DEMO !== '0',
    logLevel: e.LOG_LEVEL ?? 'info',
    dbPoolMax: e.DB_POOL_MAX,
    /** How long a process reuses a session lookup (sessions.ts); 0 turns the cache off. */
    sessionCacheMs: e.SESSION_CACHE_MS,
    trustProxy: e.TRUST_PROXY === '1',
    /**
     * The clock of background work (jobs/catalogue.ts): the unpaid-order sweep runs every tick,
     * housekeeping every 10; tests shorten it.
     */
    jobsTickS: e.JOBS_TICK_S,
  };
}

export const config = readConfig();

export function uploadsDir(): string {
  if (config.dataDir === 'memory://')
    return path.join(projectRoot, 'data', 'uploads-memory', String(process.pid));
  return path.join(config.dataDir, 'uploads');
}
