// The goods of an approved return arrive: per line, units back into the lots they were shipped
// from (or reserved from, for an order not shipped yet) and units written off as damaged.
import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '#/server/db/client.ts';
import {
  goods,
  goodsLots,
  orders,
  returnLines,
  shipmentLines,
  stockReservations,
} from '#/server/db/schema/index.ts';
import { invalid } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { stockTransaction, type Touched } from '#/server/orders/stock.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { type LotShare, lotsToRestock } from './amounts.ts';
import { KIND_LABEL, lockReturn, setStatus, unitsInOtherReturns } from './load.ts';

export interface ReceivedLine {
  id: number;
  received: number;
  writtenOff: number;
}

/**
 * The lots an order line left the warehouse from, in shipping (else reservation) order. A 满赠
 * gift ships from no lot: its units come back to no stock.
 */
async function lotsOf(tx: Tx, orderLineId: number): Promise<LotShare[]> {
  const shipped = await tx
    .select({ lotId: shipmentLines.lotId, number: shipmentLines.number })
    .from(shipmentLines)
    .where(eq(shipmentLines.orderLineId, orderLineId))
    .orderBy(asc(shipmentLines.id));
  if (shipped.length)
    return shipped.flatMap((s) => (s.lotId === null ? [] : [{ lotId: s.lotId, number: s.number }]));
  return tx
    .select({ lotId: stockReservations.lotId, number: stockReservations.number })
    .from(stockReservations)
    .where(eq(stockReservations.orderLineId, orderLineId))
    .orderBy(asc(stockReservations.id));
}

async function restock(
  tx: Tx,
  touched: Touched,
  goodsId: number,
  shares: LotShare[],
  sold: number,
) {
  for (const s of shares)
    await tx
      .update(goodsLots)
      .set({ stock: sql`${goodsLots.stock} + ${s.number}` })
      .where(eq(goodsLots.id, s.lotId));
  // goods.stock follows its lots by a database trigger.
  await tx
    .update(goods)
    .set({ sales: sql`greatest(${goods.sales} - ${sold}, 0)` })
    .where(eq(goods.id, goodsId));
  touched.add(goodsId);
}

export async function receiveReturn(id: number, input: ReceivedLine[], actor: StaffActor) {
  await stockTransaction(async (tx, touched) => {
    const { request, lines } = await lockReturn(tx, id, 'approved');
    // Two returns of one order received at once would both count the other's units as not back yet.
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, request.orderId))
      .for('update');
    const unknown = input.findIndex((x) => !lines.some((l) => l.line.id === x.id));
    if (unknown >= 0) throw invalid(`lines.${unknown}.id`, '申请中没有该商品');
    const counted = lines.map(({ line, orderLine }) => {
      const i = input.findIndex((x) => x.id === line.id);
      const got = input[i] ?? { id: line.id, received: 0, writtenOff: 0 };
      const approved = line.approvedNumber ?? 0;
      if (got.received + got.writtenOff > approved)
        throw invalid(
          `lines.${i}.received`,
          `${orderLine.name}同意退回${approved}${orderLine.bzdw}，收货与报损合计不能超过该数量`,
        );
      return { line, orderLine, got };
    });
    if (counted.every((c) => c.got.received + c.got.writtenOff === 0))
      throw invalid('lines', '请填写收到的数量');
    const restocked: { line: number; lots: LotShare[]; written_off: number }[] = [];
    for (const { line, orderLine, got } of counted) {
      if (got.received + got.writtenOff === 0) continue;
      const lots = await lotsOf(tx, orderLine.id);
      const shares = lotsToRestock(
        lots,
        await unitsInOtherReturns(tx, id, orderLine.id, ['received', 'refunded'], false),
        got.received,
      );
      if (lots.length)
        await restock(tx, touched, orderLine.goodsId, shares, got.received + got.writtenOff);
      await tx
        .update(returnLines)
        .set({ receivedNumber: got.received, writtenOffNumber: got.writtenOff })
        .where(eq(returnLines.id, line.id));
      restocked.push({ line: line.id, lots: shares, written_off: got.writtenOff });
    }
    await setStatus(tx, id, { status: 'received' });
    const label = KIND_LABEL[request.kind];
    await notifyCompany(tx, request.companyId, {
      title: `${label}商品已收到`,
      content: `您的${label}申请 #${id} 寄回的商品已收到：${counted
        .filter((c) => c.got.received + c.got.writtenOff > 0)
        .map((c) => `${c.orderLine.name} × ${c.got.received + c.got.writtenOff}${c.orderLine.bzdw}`)
        .join('，')}，财务将尽快退款。`,
    });
    await recordAudit(tx, actor, {
      action: 'return.receive',
      entity: 'return',
      entityId: id,
      before: { status: request.status },
      after: { status: 'received', lines: restocked },
    });
  });
}
