// Finance refunds a received return: what the store paid for the units that came back (received
// or written off), through the one refund path (server/refunds).
import { eq } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { orders } from '#/server/db/schema/index.ts';
import { refundOrderPayments } from '#/server/refunds/orderRefund.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { returnRefundFen } from './amounts.ts';
import {
  KIND_LABEL,
  lockReturn,
  type ReturnLineWithOrderLine,
  setStatus,
  unitsInOtherReturns,
} from './load.ts';

/** What a return refunds, line by line (the queue shows it before finance confirms). */
export async function returnRefundLines(
  tx: Db | Tx,
  returnId: number,
  lines: ReturnLineWithOrderLine[],
) {
  const out: { lineId: number; units: number; fen: number }[] = [];
  for (const { line, orderLine } of lines) {
    const units = line.receivedNumber + line.writtenOffNumber;
    const prior = await unitsInOtherReturns(tx, returnId, orderLine.id, ['refunded'], true);
    out.push({ lineId: line.id, units, fen: returnRefundFen(orderLine, prior, units) });
  }
  return out;
}

export async function refundReturn(id: number, actor: StaffActor) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { request, lines } = await lockReturn(tx, id, 'received');
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, request.orderId))
      .limit(1)
      .for('update');
    const parts = await returnRefundLines(tx, id, lines);
    const amountFen = parts.reduce((s, p) => s + p.fen, 0);
    const made = await refundOrderPayments(tx, order!, {
      amountFen,
      reason: `${KIND_LABEL[request.kind]}退款（申请 #${id}）`,
      actor,
      returnId: id,
    });
    await setStatus(tx, id, { status: 'refunded' });
    await recordAudit(tx, actor, {
      action: 'return.refund',
      entity: 'return',
      entityId: id,
      before: { status: request.status },
      after: {
        status: 'refunded',
        amount: amountFen,
        lines: parts,
        refunds: made.map((r) => r.id),
      },
    });
    return { amountFen, refunds: made };
  });
}
