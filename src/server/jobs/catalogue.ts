// What the shop does in the background, and how often. Every job is idempotent: each sweep's
// UPDATE … WHERE status = … hands a row to one run, and a refund's provider call is keyed by the
// refund id, so a job that runs again after a crash or a retry changes nothing twice. The runner
// (jobs/index.ts) decides where they run: PostgreSQL-backed jobs (pg-boss) when DATABASE_URL is
// set, so each tick runs once across processes and survives restarts; in-process timers on the
// embedded database, which one process owns.
import { config } from '#/server/config.ts';
import { getDb } from '#/server/db/client.ts';
import { vacuumDue } from '#/server/db/vacuum.ts';
import { logger } from '#/server/log.ts';
import { completeLongShipped } from '#/server/orders/complete.ts';
import { sweepExpired } from '#/server/orders/timeout.ts';
import { refundsAwaitingProvider } from '#/server/payments/refunds.ts';
import { purgeStaleRows } from '#/server/housekeeping.ts';

/** How a periodic job hands work to per-item jobs (the refund job). */
export interface JobContext {
  sendRefund(refundId: number): Promise<void>;
}

export interface PeriodicJob {
  name: string;
  /** runs every this many ticks (JOBS_TICK_S, a minute by default) */
  everyTicks: number;
  run(ctx: JobContext): Promise<void>;
}

const report = (what: string, n: number) => {
  if (n > 0) logger.info(what, { count: n });
};

export const PERIODIC_JOBS: readonly PeriodicJob[] = [
  {
    name: 'orders.expire-unpaid',
    everyTicks: 1,
    run: async () => report('unpaid orders cancelled by timeout', await sweepExpired(true)),
  },
  {
    name: 'orders.auto-complete',
    everyTicks: 10,
    run: async () => report('orders completed by themselves', await completeLongShipped()),
  },
  {
    name: 'housekeeping.purge',
    everyTicks: 10,
    run: async () => {
      const purged = await purgeStaleRows();
      if (Object.values(purged).some((v) => v > 0)) logger.info('housekeeping', { ...purged });
    },
  },
  {
    // The embedded database's autovacuum (db/vacuum.ts), one table per run so that no run holds
    // it long; PostgreSQL's own autovacuum does this there.
    name: 'db.vacuum',
    everyTicks: 5,
    run: async () => {
      if (config.databaseUrl) return;
      const tables = await vacuumDue(await getDb(), 1);
      if (tables.length) logger.info('vacuumed', { tables });
    },
  },
  {
    // A backstop: a refund whose job was lost (its process died before the job was written, or
    // its tries ran out while the provider said "processing") is handed to the refund job again.
    name: 'refunds.resend',
    everyTicks: 10,
    run: async (ctx) => {
      for (const id of await refundsAwaitingProvider()) await ctx.sendRefund(id);
    },
  },
];

/** The job that sends one online refund to its provider (payments/refunds.ts advanceProviderRefund). */
export const REFUND_JOB = 'refunds.send';

const tickS = () => config.jobsTickS;

/**
 * Retries of a refund the provider failed or is still processing: exponential backoff from a
 * twelfth of a tick (5 s by default) up to 30 ticks apart, 10 retries (about an hour and a half),
 * then finance takes it over (advanceProviderRefund's last try).
 */
export const refundRetry = () => ({
  retryLimit: 10,
  retryDelay: Math.max(1, Math.round(tickS() / 12)),
  retryDelayMax: 30 * tickS(),
});

/** The delay before retry number `retry` (0-based), as pg-boss computes it: doubling, with jitter. */
export function retryDelayS(retry: number, random = Math.random()): number {
  const r = refundRetry();
  const doubling = 2 ** Math.min(16, retry);
  return Math.min(r.retryDelayMax, r.retryDelay * (doubling / 2 + (doubling / 2) * random));
}

export const periodS = (job: PeriodicJob) => job.everyTicks * tickS();
