// The shop's server process, built into dist/server/serve.mjs beside Astro's entry (see
// integrations/serverEntry.ts) and run by scripts/start.mjs: migrates and seeds the database,
// starts the background jobs, then serves HTTP with our own node:http server around Astro's handler, so
// that what is already in memory (fastPath.ts) is answered before Astro's request pipeline (SPEC 7
// targets: common p95 ≤ 10 ms and ≥ 30 % of bare node:http; home, list and detail p95 ≤ 50 ms at
// 20 connections).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeChatStreams, chatStream } from './chat/stream.ts';
import { stopHub } from './chat/hub.ts';
import { closeDb } from './db/client.ts';
import { stopNotifications } from './db/notifications.ts';
import { prepareDatabase } from './db/prepare.ts';
import { DataDirLockedError } from './db/lock.ts';
import { loadedCatalogModel } from './goodsSnapshots.ts';
import { memoryReport } from './memory.ts';
import { fastPath } from './fastPath.ts';
import { readiness } from './health.ts';
import { answerClientError, refuseMalformedUrl } from './http/early.ts';
import { staticFiles } from './http/staticFiles.ts';
import { startJobs, stopJobs } from './jobs/index.ts';
import { logger } from './log.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const KEEP_ALIVE_MS = 65_000;

/** How long a SIGTERM waits for requests in flight before closing their connections. */
const SHUTDOWN_GRACE_MS = Number(process.env['SHUTDOWN_GRACE_MS'] ?? 10_000);
const REQUEST_ID = /^[\w.-]{1,64}$/;

function answerJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export async function serve(astro: Handler, at: { host: string; port: number }): Promise<void> {
  try {
    await prepareDatabase();
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`[yaopi] ${error.message}`);
    process.exit(1);
  }
  // Sweeps, housekeeping and provider refunds (jobs/catalogue.ts).
  await startJobs();
  // The catalogue read model loads in the background; until it is in, pages read the database.
  loadedCatalogModel().catch((error: unknown) =>
    logger.error('catalogue read model: load failed', { error }),
  );
  // Asked for by an operator (or the bench), so printed whatever LOG_LEVEL says.
  process.on('SIGUSR2', () => {
    // biome-ignore lint/suspicious/noConsole: the answer to an operator's signal
    console.log(JSON.stringify({ memory: memoryReport() }));
  });
  let draining = false;
  let inFlight = 0;
  // dist/server/serve.mjs serves dist/client.
  const serveStatic = staticFiles(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'client'),
  );

  const server = http.createServer((req, res) => {
    const started = performance.now();
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('x-request-id', id);
    inFlight++;
    res.once('close', () => {
      inFlight--;
      logger.access({
        id,
        method: req.method ?? '',
        path: (req.url ?? '').split('?')[0]!,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    if (refuseMalformedUrl(req, res)) return;
    if (req.url === '/healthz') return answerJson(res, 200, { status: 'ok' });
    if (req.url === '/readyz') {
      if (draining) return answerJson(res, 503, { ready: false, shutting_down: true });
      void readiness().then((r) => answerJson(res, r.ready ? 200 : 503, r));
      return;
    }
    if (serveStatic(req, res)) return;
    if (chatStream(req, res)) return;
    const served = fastPath(req, res);
    if (served === false) astro(req, res);
    else if (served !== true)
      served.then(
        (done) => {
          if (!done) astro(req, res);
        },
        () => astro(req, res),
      );
  });
  server.on('clientError', answerClientError);
  // A client (a proxy in front, a browser, a test's request context) may send a request on a kept
  // connection just as Node's default 5 s idle timeout closes it: the request meets a reset. Idle
  // connections stay open longer than the usual proxy's 60 s, so the client is the one to close.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.listen(at.port, at.host, () => {
    // biome-ignore lint/suspicious/noConsole: npm start tells the person who ran it where the shop is
    console.log(`[yaopi] serving on http://${at.host}:${at.port}`);
  });
  // Graceful: stop accepting, say not-ready, let requests in flight finish (up to the grace
  // period), then close what is left and the database.
  const shutdown = async (signal: string) => {
    if (draining) return;
    draining = true;
    logger.info('shutting down', { signal, inFlight });
    server.close();
    server.closeIdleConnections();
    // Chat streams never finish by themselves: end them now, their clients resume elsewhere.
    closeChatStreams();
    stopHub();
    await stopNotifications();
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    const jobsStopped = stopJobs(SHUTDOWN_GRACE_MS).catch((error: unknown) =>
      logger.warn('stopping jobs failed', { error }),
    );
    while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await jobsStopped;
    server.closeAllConnections();
    await closeDb().catch(() => {});
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => void shutdown(signal));
}
