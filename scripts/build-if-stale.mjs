// Builds the app when dist/ is missing or older than any source it is built from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist', 'server', 'entry.mjs');
const INPUTS = ['src', 'public', 'db/migrations', 'astro.config.mjs', 'package.json', 'tsconfig.json'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

export function isStale() {
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  return INPUTS.some((p) => newestMtime(path.join(root, p)) > built);
}

export function buildIfStale({ force = false } = {}) {
  if (!force && !isStale()) return;
  console.log('[yaopi] building…');
  const astro = path.join(root, 'node_modules', '.bin', 'astro');
  // Always a production build: called from vitest, NODE_ENV is 'test', which would bundle React's
  // development JSX runtime (jsxDEV) that the production server cannot render.
  const result = spawnSync(astro, ['build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) {
    console.error('[yaopi] build failed');
    process.exit(result.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale({ force: process.argv.includes('--force') });
