// `npm test`: one build, then unit + API tests (vitest) and browser tests (Playwright).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale();
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

const failures = [];
if (run(bin('vitest'), ['run']) !== 0) failures.push('vitest');
if (process.env.SKIP_E2E !== '1' && run(bin('playwright'), ['test']) !== 0) failures.push('playwright');
if (failures.length) {
  console.error(`[yaopi] failed: ${failures.join(', ')}`);
  process.exit(1);
}
