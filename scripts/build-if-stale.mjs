// Builds the app when its build is missing or older than any source it is built from.
//
// Two builds, each in its own folder: dist/ is what `npm start` serves; dist-test/ also carries the
// test suites' hooks (/api/dev/*, src/integrations/testHooks.ts) and is what a server started with
// YAOPI_TEST_HOOKS=1 serves (the API and browser suites). A build is made in a new folder and put in
// place only once it succeeded, so a failed build never leaves a half build to be served.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = [
  'src',
  'public',
  'db/migrations',
  'astro.config.mjs',
  'package.json',
  'tsconfig.json',
];

/** Whether a process with this environment serves the build with the test hooks. */
export const wantsTestBuild = (env = process.env) => env.YAOPI_TEST_HOOKS === '1';

/** The folder of the production build, or of the build with the test hooks. */
export const buildDir = ({ test = false } = {}) => path.join(root, test ? 'dist-test' : 'dist');

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

export function isStale({ test = false } = {}) {
  const entry = path.join(buildDir({ test }), 'server', 'entry.mjs');
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  return INPUTS.some((p) => newestMtime(path.join(root, p)) > built);
}

/**
 * Runs `build(next)` into a new folder beside `dir` and puts it in place of `dir` only when it
 * succeeded (status 0); a failed build is removed and `dir` stays as it was. Answers the status.
 */
export function swapInBuild(dir, build) {
  const next = `${dir}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const status = build(next);
  if (status !== 0) {
    rmSync(next, { recursive: true, force: true });
    return status;
  }
  const old = `${dir}.old-${process.pid}`;
  if (existsSync(dir)) renameSync(dir, old);
  renameSync(next, dir);
  rmSync(old, { recursive: true, force: true });
  return 0;
}

/** Builds when stale (or always, with `force`); answers the build's folder. */
export function buildIfStale({ force = false, test = false } = {}) {
  const dir = buildDir({ test });
  if (!force && !isStale({ test })) return dir;
  console.log(`[yaopi] building${test ? ' with the test hooks' : ''}…`);
  const astro = path.join(root, 'node_modules', '.bin', 'astro');
  // Always a production build: called from vitest, NODE_ENV is 'test', which would bundle React's
  // development JSX runtime (jsxDEV) that the production server cannot render.
  const status = swapInBuild(
    dir,
    (next) =>
      spawnSync(astro, ['build'], {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          NODE_ENV: 'production',
          YAOPI_OUT_DIR: next,
          YAOPI_TEST_HOOKS: test ? '1' : '',
        },
      }).status ?? 1,
  );
  if (status !== 0) {
    console.error('[yaopi] build failed');
    process.exit(status);
  }
  return dir;
}

if (import.meta.url === `file://${process.argv[1]}`)
  buildIfStale({ force: process.argv.includes('--force'), test: process.argv.includes('--test') });
