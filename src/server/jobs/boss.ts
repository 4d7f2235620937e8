// Background jobs in PostgreSQL through pg-boss (its own schema `pgboss`, its own small pool), for
// several processes on one database: a periodic job's occurrence is claimed by one process and
// its job fetched by one worker (SKIP LOCKED), so each tick runs once across processes; jobs are
// rows, so they survive restarts (an occurrence missed while every process was down runs once at
// the next start). Queues are `exclusive`: at most one job of a periodic job, or of one refund,
// waiting or running at a time.
import { sql } from 'drizzle-orm';
import { fromDrizzle, type JobWithMetadata, PgBoss } from 'pg-boss';
import { config } from '#/server/config.ts';
import { logger } from '#/server/log.ts';
import { advanceProviderRefund } from '#/server/payments/refunds.ts';
import { type JobContext, PERIODIC_JOBS, periodS, REFUND_JOB, refundRetry } from './catalogue.ts';
import type { JobRunner } from './runner.ts';

type RefundData = { refundId: number };
// Our transaction's execute() is typed loosely (its result depends on the driver); pg-boss reads rows from it.
type DrizzleTx = Parameters<typeof fromDrizzle>[0];

const refundKey = (refundId: number) => `refund-${refundId}`;

export function createBossRunner(connectionString: string): JobRunner {
  const tick = config.jobsTickS;
  // Occurrences are looked for at least twice a tick (pg-boss allows 1–45 s between passes).
  const pass = Math.min(30, Math.max(1, Math.floor(tick / 2)));
  const boss = new PgBoss({
    connectionString,
    max: 3,
    application_name: 'yaopi-jobs',
    cronMonitorIntervalSeconds: pass,
    cronWorkerIntervalSeconds: Math.min(5, pass),
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

  return {
    async start() {
      await boss.start();
      const polling = Math.min(10, Math.max(0.5, tick / 4));
      for (const job of PERIODIC_JOBS) {
        await boss.createQueue(job.name, { policy: 'exclusive', retryLimit: 0 });
        await boss.schedule(job.name, `FREQ=SECONDLY;INTERVAL=${periodS(job)}`, null, {
          missed: 'once',
          retryLimit: 0,
        });
        await boss.work(job.name, { pollingIntervalSeconds: polling }, async () => {
          try {
            await job.run(ctx);
          } catch (error) {
            logger.error('job failed', { job: job.name, error });
            throw error;
          }
        });
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
      await boss.stop({ graceful: true, timeout: graceMs, close: true });
    },
  };
}
