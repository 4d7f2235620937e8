// The in-process job runner of the embedded database: periodic jobs on timers that never keep the
// process alive and never overlap, refunds tried after the caller's transaction and retried with
// the same backoff as pg-boss, the last try marked so the refund goes to finance.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const advance = vi.fn<(refundId: number, lastTry: boolean) => Promise<void>>();
vi.mock('#/server/payments/refunds.ts', () => ({
  advanceProviderRefund: (id: number, lastTry: boolean) => advance(id, lastTry),
  refundsAwaitingProvider: async () => [],
}));

const { createLocalRunner } = await import('#/server/jobs/local.ts');
const { refundRetry, retryDelayS, PERIODIC_JOBS } = await import('#/server/jobs/catalogue.ts');
const tx = {} as Parameters<ReturnType<typeof createLocalRunner>['enqueueRefund']>[0];

beforeEach(() => {
  advance.mockReset();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('periodic jobs in this process', () => {
  it('run at start and every period, on unref’d timers, one run at a time, until stopped', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const job = {
      name: 'test.job',
      everyTicks: 1,
      run: () =>
        new Promise<void>((resolve) => {
          runs++;
          release = resolve;
        }),
    };
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const runner = createLocalRunner([job]);
    await runner.start();
    expect(runs).toBe(1);
    const timer = setInterval.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    // Still running at the next tick: that tick is skipped, not stacked.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
    release();
    await runner.stop(0);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(runs).toBe(2);
  });

  it('cover the unpaid-order sweep every tick, the embedded database’s vacuum every 5, and housekeeping, completion and refunds every 10', () => {
    expect(PERIODIC_JOBS.map((j) => [j.name, j.everyTicks])).toEqual([
      ['orders.expire-unpaid', 1],
      ['orders.auto-complete', 10],
      ['housekeeping.purge', 10],
      ['db.vacuum', 5],
      ['refunds.resend', 10],
    ]);
  });
});

describe('refund jobs in this process', () => {
  it('try at once after the transaction, retry with doubling delays, drop a second request meanwhile', async () => {
    advance
      .mockRejectedValueOnce(new Error('provider down'))
      .mockRejectedValueOnce(new Error('provider down'))
      .mockResolvedValueOnce();
    const runner = createLocalRunner([]);
    await runner.start();
    await runner.enqueueRefund(tx, 7);
    // Not inside the caller's transaction: on the next turn of the event loop.
    expect(advance).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(advance).toHaveBeenCalledTimes(1);
    await runner.enqueueRefund(tx, 7);
    // First retry within 5 s (half to all of the base delay), the second within 10 s more.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(advance).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(advance).toHaveBeenCalledTimes(3);
    expect(advance.mock.calls).toEqual([
      [7, false],
      [7, false],
      [7, false],
    ]);
    // Settled: a later request for the same refund is tried again (and finds nothing to do).
    advance.mockResolvedValueOnce();
    await runner.enqueueRefund(tx, 7);
    await vi.advanceTimersByTimeAsync(0);
    expect(advance).toHaveBeenCalledTimes(4);
    await runner.stop(0);
  });

  it('mark the last try, after which nothing is retried', async () => {
    advance.mockRejectedValue(new Error('provider down'));
    const runner = createLocalRunner([]);
    await runner.start();
    await runner.enqueueRefund(tx, 9);
    await vi.advanceTimersByTimeAsync(24 * 3600_000);
    const limit = refundRetry().retryLimit;
    expect(advance).toHaveBeenCalledTimes(limit + 1);
    expect(advance.mock.calls.map(([, last]) => last)).toEqual([...Array(limit).fill(false), true]);
    await runner.stop(0);
  });

  it('back off like pg-boss: from 5 s doubling, jittered between half and all, capped at 30 ticks', () => {
    expect(retryDelayS(0, 0)).toBe(2.5);
    expect(retryDelayS(0, 1)).toBe(5);
    expect(retryDelayS(3, 1)).toBe(40);
    expect(retryDelayS(12, 1)).toBe(1800);
  });
});
