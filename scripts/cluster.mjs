// `npm run cluster`: N app processes on one PostgreSQL behind nginx, all on 127.0.0.1, as the
// multi-process set-up is tested (tests/api/cluster.test.ts) and as README "Several processes
// behind a load balancer" describes it. Debian's nginx runs as this script's own child with its
// configuration in a temporary folder; Ctrl-C (or SIGTERM) stops nginx, then the app processes.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/yaopi npm run cluster -- --processes=3 --port=8080
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, root, wantsTestBuild } from './build-if-stale.mjs';
import { freePort } from './freePort.mjs';
import { SERVER_NODE_FLAGS, serverEnv } from './serverFlags.mjs';

export const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';

/** nginx's configuration: round robin over the app processes, the client's address forwarded. */
export function nginxConfig({ dir, port, upstreams }) {
  const temp = (name) => path.join(dir, 'temp', name);
  return `worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size 12m;
  upstream yaopi {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://yaopi;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      # Which process answered: for operators and the cluster test.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

async function waitFor(url, deadline, alive) {
  for (;;) {
    if (!alive()) throw new Error(`stopped before ${url} answered`);
    try {
      const res = await fetch(url);
      await res.body?.cancel();
      if (res.ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function stopChild(child, signal = 'SIGTERM', ms = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  return Promise.race([exited, new Promise((r) => setTimeout(r, ms))]).then(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
}

/**
 * Starts `processes` app processes on `databaseUrl` and nginx in front of them on `port` (a free
 * one when 0). Answers the nginx URL, each process's port and pid, their output, and stop().
 * @param {{ databaseUrl: string | undefined, processes?: number, port?: number,
 *   env?: Record<string, string>, dataDir?: string, log?: (line: string) => void }} options
 */
export async function startCluster({
  databaseUrl,
  processes = 2,
  port = 0,
  env = {},
  dataDir,
  log = () => {},
}) {
  if (!databaseUrl) throw new Error('cluster: DATABASE_URL is required (the processes share it)');
  if (spawnSync(NGINX, ['-v']).status !== 0)
    throw new Error(`cluster: ${NGINX} not found (apt-get install -y nginx)`);
  const fullEnv = { ...process.env, ...env };
  // One build before the processes start, so they do not build it at once.
  buildIfStale({ test: wantsTestBuild(fullEnv) });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yaopi-cluster-'));
  for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, 'temp', t), { recursive: true });
  // One data folder for all: uploads and the sandbox secret are shared, as on a shared volume.
  const data = dataDir ?? path.join(dir, 'data');
  const ports = [];
  for (let i = 0; i < processes; i++) ports.push(await freePort());
  const front = port || (await freePort());
  const outputs = ports.map(() => '');
  const apps = ports.map((p, i) => {
    const child = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, path.join(root, 'scripts', 'start.mjs')],
      {
        cwd: root,
        env: serverEnv({
          ...fullEnv,
          DATABASE_URL: databaseUrl,
          PORT: String(p),
          HOST: '127.0.0.1',
          DATA_DIR: data,
          TRUST_PROXY: '1',
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const keep = (d) => {
      outputs[i] += d;
      if (outputs[i].length > 2_000_000) outputs[i] = outputs[i].slice(-1_000_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    return child;
  });
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ dir, port: front, upstreams: ports }));
  let nginx = null;
  const stop = async () => {
    if (nginx) await stopChild(nginx, 'SIGQUIT', 5000);
    await Promise.all(apps.map((a) => stopChild(a)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 180_000;
    await Promise.all(
      apps.map((a, i) =>
        waitFor(`http://127.0.0.1:${ports[i]}/readyz`, deadline, () => a.exitCode === null).catch(
          (error) => {
            throw new Error(`${error.message}\n${outputs[i]}`);
          },
        ),
      ),
    );
    nginx = spawn(NGINX, ['-c', conf, '-p', dir, '-e', path.join(dir, 'error.log')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let nginxErr = '';
    nginx.stderr.on('data', (d) => (nginxErr += d));
    const n = nginx;
    await waitFor(
      `http://127.0.0.1:${front}/healthz`,
      Date.now() + 10_000,
      () => n.exitCode === null,
    ).catch((error) => {
      throw new Error(`${error.message}\n${nginxErr}`);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  log(
    `[cluster] nginx http://127.0.0.1:${front} → ${ports.map((p) => `127.0.0.1:${p}`).join(', ')}`,
  );
  return {
    url: `http://127.0.0.1:${front}`,
    nginxPid: nginx.pid,
    processes: apps.map((a, i) => ({
      port: ports[i],
      pid: a.pid,
      output: () => outputs[i],
    })),
    stop,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const a = process.argv.find((x) => x.startsWith(`--${name}=`));
    return a ? a.slice(name.length + 3) : fallback;
  };
  const processes = Number(arg('processes', '2'));
  const port = Number(arg('port', '8080'));
  if (!Number.isInteger(processes) || processes < 1 || processes > 32) {
    console.error('cluster: --processes must be 1–32');
    process.exit(2);
  }
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    console.error('cluster: --port must be a port number');
    process.exit(2);
  }
  const cluster = await startCluster({
    databaseUrl: process.env.DATABASE_URL,
    processes,
    port,
    log: console.log,
  }).catch((error) => {
    console.error(String(error.message ?? error));
    process.exit(1);
  });
  for (const p of cluster.processes)
    console.log(`[cluster] process ${p.pid} on 127.0.0.1:${p.port}`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('[cluster] stopping');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
