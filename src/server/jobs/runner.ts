import type { Tx } from '#/server/db/client.ts';

/** Where background jobs run: pg-boss on PostgreSQL (boss.ts) or this process (local.ts). */
export interface JobRunner {
  start(): Promise<void>;
  /**
   * Sends an online refund made in `tx` to its provider once `tx` has committed; on PostgreSQL
   * the job is written in `tx` itself, so it exists exactly when the refund does.
   */
  enqueueRefund(tx: Tx, refundId: number): Promise<void>;
  /** Stops taking work and lets a job under way finish (up to `graceMs`). */
  stop(graceMs: number): Promise<void>;
}
