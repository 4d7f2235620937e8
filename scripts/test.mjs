// `npm test`: one build (with the test hooks), then unit + API tests (vitest) and browser tests (Playwright).
// `--only=api` runs the API suite alone (CI runs it again against PostgreSQL).
// Ends with one plain line, "N passed, N failed", counted from both runners' JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';
import { ensureChromium } from './chromium.mjs';

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const reports = path.join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

if (!only) ensureChromium();
// One build for both suites: the one with the test hooks, which their servers ask for.
buildIfStale({ test: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ??
  1;

const failures = [];
if (!only && run(bin('biome'), ['check', '.']) !== 0)
  failures.push('format/lint (npx biome check --write .)');
if (!only && run(bin('knip'), ['--no-progress']) !== 0)
  failures.push('unused files, exports or dependencies (npx knip)');
if (!only && run(bin('astro'), ['check']) !== 0) failures.push('typecheck (astro check)');
const vitestJson = path.join(reports, 'vitest.json');
const vitestArgs = [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
];
if (only === 'api') vitestArgs.push('--project', 'api');
if (run(bin('vitest'), vitestArgs) !== 0) failures.push('vitest');

const playwrightJson = path.join(reports, 'playwright.json');
if (!only) {
  const status = run(bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
  });
  if (status !== 0) failures.push('playwright');
}

let passed = 0;
let failed = 0;
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
if (existsSync(playwrightJson)) {
  const s = JSON.parse(readFileSync(playwrightJson, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += (s.unexpected ?? 0) + (s.skipped ?? 0);
}
if (failures.length) console.error(`[yaopi] failed: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
