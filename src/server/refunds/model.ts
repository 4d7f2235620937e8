// Refunds inside the server: the database row and what a payment provider answers about one.
import type { refunds } from '#/server/db/schema/index.ts';
import type { StaffActor } from '#/server/staff/audit.ts';

export type RefundRow = typeof refunds.$inferSelect;

/**
 * What the payment provider says about an online refund it was asked for: paid back, still
 * under way, or refused for good (finance then pays it back by bank transfer).
 */
export type RefundOutcome =
  | { state: 'succeeded'; providerRefundId: string }
  | { state: 'processing'; providerRefundId: string }
  | { state: 'refused'; reason: string };

/** A refund of an order's payment, as the caller asks for it. */
export interface RefundRequest {
  /** part of what is still refundable; the whole of it when absent (a cancelled order) */
  amountFen?: number | undefined;
  /** shown to the buyer and kept on the refund */
  reason: string;
  /** who refunds: on the refund row and in the audit log */
  actor: StaffActor;
  /** the return request the refund settles, if any */
  returnId?: number | undefined;
}
