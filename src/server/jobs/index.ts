// The process's background jobs (catalogue.ts): on PostgreSQL through pg-boss, so several
// processes share them; on the embedded database on this process's own timers.
import { config } from '#/server/config.ts';
import type { Tx } from '#/server/db/client.ts';
import type { JobRunner } from './runner.ts';

let runner: JobRunner | null = null;

/** Starts the jobs of this process (serve.ts, once the database is migrated). */
export async function startJobs(): Promise<void> {
  if (runner) return;
  const url = config.databaseUrl;
  const next = url
    ? (await import('./boss.ts')).createBossRunner(url)
    : (await import('./local.ts')).createLocalRunner();
  await next.start();
  runner = next;
}

export async function stopJobs(graceMs: number): Promise<void> {
  const r = runner;
  runner = null;
  await r?.stop(graceMs);
}

/**
 * Sends an online refund made in `tx` to its provider right after `tx` commits. A process without
 * jobs (a script, a unit test) leaves it queued: the refunds.resend sweep of the next start sends it.
 */
export async function enqueueRefund(tx: Tx, refundId: number): Promise<void> {
  await runner?.enqueueRefund(tx, refundId);
}
