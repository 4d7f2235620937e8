// Background jobs in this process, for the embedded database (one process owns it): periodic jobs
// on timers that never keep the process alive, refunds tried at once and retried with the same
// backoff as on PostgreSQL. Nothing here is durable, and need not be: the rows are, and the
// refunds.resend sweep picks up at the next start whatever a stopped process left.
import { logger } from '#/server/log.ts';
import { advanceProviderRefund } from '#/server/payments/refunds.ts';
import {
  type JobContext,
  PERIODIC_JOBS,
  type PeriodicJob,
  periodS,
  refundRetry,
  retryDelayS,
} from './catalogue.ts';
import type { JobRunner } from './runner.ts';

export function createLocalRunner(jobs: readonly PeriodicJob[] = PERIODIC_JOBS): JobRunner {
  const timers = new Set<NodeJS.Timeout>();
  /** refunds with a try running or a retry waiting: a second request for one is dropped */
  const refunds = new Set<number>();
  let stopped = false;

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    t.unref();
    timers.add(t);
  };

  const tryRefund = (refundId: number, retry: number) => {
    if (stopped) return;
    const lastTry = retry >= refundRetry().retryLimit;
    advanceProviderRefund(refundId, lastTry).then(
      () => refunds.delete(refundId),
      (error: unknown) => {
        if (lastTry || stopped) {
          refunds.delete(refundId);
          if (!stopped) logger.error('refund job failed', { refundId, error });
          return;
        }
        later(retryDelayS(retry) * 1000, () => tryRefund(refundId, retry + 1));
      },
    );
  };

  const sendRefund = async (refundId: number) => {
    if (stopped || refunds.has(refundId)) return;
    refunds.add(refundId);
    // After the caller's transaction: the embedded database runs one transaction at a time, so
    // the try's first query waits for it to commit (or finds no refund once it rolled back).
    later(0, () => tryRefund(refundId, 0));
  };

  const ctx: JobContext = { sendRefund };
  const periodic = (job: PeriodicJob) => {
    let running = false;
    const run = () => {
      if (running || stopped) return;
      running = true;
      job
        .run(ctx)
        .catch((error: unknown) => logger.error('job failed', { job: job.name, error }))
        .finally(() => {
          running = false;
        });
    };
    run();
    const t = setInterval(run, periodS(job) * 1000);
    t.unref();
    timers.add(t);
  };

  return {
    async start() {
      for (const job of jobs) periodic(job);
    },
    enqueueRefund: (_tx, refundId) => sendRefund(refundId),
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
