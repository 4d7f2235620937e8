// `npm start`: build if needed, migrate, seed the demo shop on an empty database, then serve.
import { rmSync } from 'node:fs';
import http from 'node:http';
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

// React (and others) read NODE_ENV when first loaded: without it the server renders with React's
// development build, several times slower.
process.env.NODE_ENV ??= 'production';

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

// Ended sessions, old login failures and rate-limit windows are deleted every 10 minutes.
const { startHousekeeping } = await import('../src/server/housekeeping.ts');
startHousekeeping();

process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
// Our own node:http server around the adapter's handler (static files + Astro), so what is
// already in memory — the header common response, pages shared by many readers (the visitor home
// page; lists, search and detail per buyer segment) — is answered before Astro's request pipeline
// (SPEC 7 targets: common p95 ≤ 10 ms and ≥ 30 % of bare node:http; home, list and detail p95
// ≤ 50 ms at 20 connections).
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('../dist/server/entry.mjs');
const { fastPath } = await import('../src/server/fastPath.ts');
const server = http.createServer((req, res) => {
  const served = fastPath(req, res);
  if (served === false) handler(req, res);
  else if (served !== true) served.then((done) => { if (!done) handler(req, res); }, () => handler(req, res));
});
server.listen(Number(process.env.PORT), process.env.HOST, () => {
  console.log(`[yaopi] serving on http://${process.env.HOST}:${process.env.PORT}`);
});
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
