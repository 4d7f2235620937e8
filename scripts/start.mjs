// `npm start`: build if needed, migrate, seed the demo shop on an empty database, then serve.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`yaopi needs Node 22.12 or newer (found ${process.version}); run it through npm so node_modules/.bin/node (Node 24) is used.`);
  process.exit(1);
}

// Tests ask for a throw-away embedded database.
if (process.env.YAOPI_FRESH_DATA === '1' && process.env.DATA_DIR && process.env.DATA_DIR !== 'memory://') {
  rmSync(path.resolve(root, process.env.DATA_DIR), { recursive: true, force: true });
}

buildIfStale();

const { prepareDatabase } = await import('../src/server/db/prepare.ts');
try {
  await prepareDatabase();
} catch (error) {
  if (error?.constructor?.name === 'DataDirLockedError') {
    console.error(`[yaopi] ${error.message}`);
    process.exit(1);
  }
  throw error;
}

process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
await import('../dist/server/entry.mjs');
console.log(`[yaopi] serving on http://${process.env.HOST}:${process.env.PORT}`);
