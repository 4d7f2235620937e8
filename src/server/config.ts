import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The project root is found at run time (walking up to package.json) so that code bundled into
// dist/server/chunks and code run from src/ resolve the same migrations and data folders.
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'db', 'migrations'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const projectRoot = findProjectRoot();

const env = process.env;

export const config = {
  databaseUrl: env['DATABASE_URL'] || undefined,
  /** `memory://` keeps the embedded database in memory (tests). */
  dataDir: env['DATA_DIR'] === 'memory://' ? 'memory://' : path.resolve(projectRoot, env['DATA_DIR'] || 'data'),
  migrationsDir: path.join(projectRoot, 'db', 'migrations'),
  seedGoods: Number(env['SEED_GOODS'] || 10000),
  /** Demo login hints are shown only on the embedded demo database. */
  isDemo: !env['DATABASE_URL'] && env['YAOPI_DEMO'] !== '0',
  logLevel: env['LOG_LEVEL'] || 'info',
  /** How long a process reuses a session lookup (sessions.ts); 0 turns the cache off. */
  sessionCacheMs: Math.max(0, Number(env['SESSION_CACHE_MS'] || 3000) || 0),
};

export function uploadsDir(): string {
  if (config.dataDir === 'memory://') return path.join(projectRoot, 'data', 'uploads-memory', String(process.pid));
  return path.join(config.dataDir, 'uploads');
}
