// Background jobs in PostgreSQL through pg-boss (its own schema `pgboss`, its own small pool), for
// several processes on one database: a periodic job gets one job row per slot of its period however
// many processes offer it, and a job is fetched by one worker (SKIP LOCKED), so each tick runs once
// across processes. Jobs are rows: a refund job survives restarts and is retried with backoff, and
// a tick missed while every process was down runs at the next start. Queues are `exclusive`: at
// most one job of a periodic job, or of one refund, waiting or running at a time.
import { sql } from 'drizzle-orm';
import { fromDrizzle, type JobWithMetadata, PgBoss } from 'pg-boss';
import { config } from '#/server/config.ts';
import { logger } from '#/server/log.ts';
import { advanceProviderRefund } from '#/server/payments/refunds.ts';
import {
  type JobContext,
  PERIODIC_JOBS,
  type PeriodicJob,
  periodS,
  REFUND_JOB,
  refundRetry,
} from './catalogue.ts';
import type { JobRunner } from './runner.ts';

type RefundData = { refundId: number };
// Our transaction's execute() is typed loosely (its result depends on the driver); pg-boss reads rows from it.
type DrizzleTx = Parameters<typeof fromDrizzle>[0];

const refundKey = (refundId: number) => `refund-${refundId}`;

export function createBossRunner(connectionString: string): JobRunner {
  const tick = config.jobsTickS;
  const boss = new PgBoss({
    connectionString,
    max: 3,
    application_name: 'yaopi-jobs',
    // Periodic jobs are offered by every process's own timer (below), not by pg-boss's cron, whose
    // occurrences are at most one a minute: the tick may be shorter.
    schedule: false,
  });
  // pg-boss reports a lost connection or a failed pass as an event; unheard, it would end the process.
  boss.on('error', (error: Error & { code?: string }) =>
    logger.warn('job system error', { reason: error.message, pg_code: error.code }),
  );

  const refundOptions = () => ({ ...refundRetry(), retryBackoff: true });
  const ctx: JobContext = {
    async sendRefund(refundId) {
      await boss.send(
        REFUND_JOB,
        { refundId },
        { ...refundOptions(), singletonKey: refundKey(refundId) },
      );
    },
  };
  /** each periodic job's next offer */
  const timers = new Map<string, NodeJS.Timeout>();
  const workers = new Map<string, string>();
  let stopped = false;

  /**
   * Every process offers a periodic job's run for the current slot of its period; pg-boss keeps one
   * job per slot (singletonSeconds: the slot is counted from the database's clock), so the run
   * happens once across processes, and a process that restarts within a slot finds it taken.
   */
  const offer = async (job: PeriodicJob) => {
    const id = await boss.send(job.name, null, { singletonSeconds: periodS(job), retryLimit: 0 });
    const worker = workers.get(job.name);
    if (id && worker) boss.notifyWorker(worker);
  };
  const every = (job: PeriodicJob) => {
    const periodMs = periodS(job) * 1000;
    const fire = () => {
      if (stopped) return;
      offer(job).catch((error: unknown) =>
        logger.warn('offering a job failed', { job: job.name, error }),
      );
      arm();
    };
    // Just past the start of the next slot, so all processes offer the same one.
    const arm = () => {
      const t = setTimeout(fire, periodMs - (Date.now() % periodMs) + 100);
      t.unref();
      timers.set(job.name, t);
    };
    return { fire, arm };
  };

  return {
    async start() {
      await boss.start();
      for (const job of PERIODIC_JOBS) {
        await boss.createQueue(job.name, { policy: 'exclusive', retryLimit: 0 });
        workers.set(
          job.name,
          await boss.work(job.name, { pollingIntervalSeconds: Math.min(10, tick) }, async () => {
            try {
              await job.run(ctx);
            } catch (error) {
              logger.error('job failed', { job: job.name, error });
              throw error;
            }
          }),
        );
      }
      await boss.createQueue(REFUND_JOB, { policy: 'exclusive', ...refundOptions() });
      await boss.work(
        REFUND_JOB,
        { pollingIntervalSeconds: 1, includeMetadata: true },
        async ([job]: JobWithMetadata<RefundData>[]) => {
          if (!job) return;
          await advanceProviderRefund(job.data.refundId, job.retryCount >= job.retryLimit);
        },
      );
      // A run missed while no process was up happens now (or already did, in another process).
      for (const job of PERIODIC_JOBS) every(job).fire();
    },

    async enqueueRefund(tx, refundId) {
      await boss.send(
        REFUND_JOB,
        { refundId },
        {
          ...refundOptions(),
          singletonKey: refundKey(refundId),
          db: fromDrizzle(tx as unknown as DrizzleTx, sql),
        },
      );
    },

    async stop(graceMs) {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await boss.stop({ graceful: true, timeout: graceMs, close: true });
    },
  };
}
