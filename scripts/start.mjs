// `npm start`: build if needed, migrate, seed the demo shop on an empty database, then serve.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root, wantsTestBuild } from './build-if-stale.mjs';
import { hasHeapFlags, SERVER_NODE_FLAGS, serverEnv } from './serverFlags.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `yaopi needs Node 22.12 or newer (found ${process.version}); run it through npm so node_modules/.bin/node (Node 24) is used.`,
  );
  process.exit(1);
}

// Heap flags must be given when Node starts: without them, run this script again with them, as a
// child that gets the signals (SIGTERM, SIGUSR2 …) and whose exit is ours.
if (!hasHeapFlags()) {
  const child = spawn(
    process.execPath,
    [...process.execArgv, ...SERVER_NODE_FLAGS, ...process.argv.slice(1)],
    { stdio: 'inherit', env: serverEnv() },
  );
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGUSR2'])
    process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await main();
}

async function main() {
  // Tests ask for a throw-away embedded database.
  if (
    process.env.YAOPI_FRESH_DATA === '1' &&
    process.env.DATA_DIR &&
    process.env.DATA_DIR !== 'memory://'
  ) {
    rmSync(path.resolve(root, process.env.DATA_DIR), { recursive: true, force: true });
  }

  // The test suites start it with YAOPI_TEST_HOOKS=1: they get the build with their hooks.
  const dist = buildIfStale({ test: wantsTestBuild() });

  // React (and others) read NODE_ENV when first loaded: without it the server renders with React's
  // development build, several times slower.
  process.env.NODE_ENV ??= 'production';

  process.env.HOST ??= 'localhost';
  process.env.PORT ??= '4321';
  // The adapter runs in middleware mode: our server (src/server/serve.ts) wraps its handler. Both
  // come from the one build and share every module instance.
  const built = (file) => import(pathToFileURL(path.join(dist, 'server', file)).href);
  let handler;
  let serve;
  try {
    ({ handler } = await built('entry.mjs'));
    ({ serve } = await built('serve.mjs'));
  } catch (error) {
    // Settings are checked when the server's modules load (src/server/config.ts).
    if (error?.name !== 'ConfigError') throw error;
    console.error(`[yaopi] ${error.message}`);
    process.exit(1);
  }
  await serve(handler, { host: process.env.HOST, port: Number(process.env.PORT) });
}
