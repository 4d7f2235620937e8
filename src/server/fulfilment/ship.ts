// Shipping (发货) some or all of a paid order: per line the units, the lot picked and the
// traceability codes; carrier and tracking number for the parcel. The order row is locked, so two
// staff shipping the same order take turns and the second finds it changed (409). The order is
// `shipped` once every line, gifts included, has gone out.
import { and, eq, isNull } from 'drizzle-orm';
import { ORDER_LINE_TYPE } from '#/lib/constants.ts';
import { getDb, type Tx } from '#/server/db/client.ts';
import {
  goodsLots,
  orders,
  shipmentLines,
  shipments,
  stockReservations,
  traceCodes,
} from '#/server/db/schema/index.ts';
import { conflict, invalid, notFound } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import type { OrderLineRow, OrderRow } from '#/server/orders/model.ts';
import { stockTransaction, type Touched } from '#/server/orders/stock.ts';
import { linesOf } from '#/server/orders/rows.ts';
import { isUniqueViolation } from '#/server/orders/submissions.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { checkScannedCodes, codeInUse, type ScannedLine, usedCodes } from './codes.ts';
import { boundLotsOf, goodsFacts, type LotRow } from './detail.ts';
import type { ShipInput } from './forms.ts';
import {
  defaultLot,
  freeOn,
  type LinePick,
  type LotMove,
  markShipped,
  reserveOnLot,
} from './picking.ts';
import { shipmentsOf, shippedUnits } from './shipments.ts';

const isGift = (l: OrderLineRow) => l.type === ORDER_LINE_TYPE.gift;

function assertShippable(o: OrderRow): void {
  if (o.status === 'unpaid') throw conflict('订单尚未支付，不能发货');
  if (o.status === 'cancelled') throw conflict('订单已取消，不能发货');
  if (o.status === 'shipped') throw conflict('订单已全部发货');
  if (o.status === 'completed') throw conflict('订单已完成，不能发货');
  if (o.cancelRequestedAt) throw conflict('买家已申请取消该订单，请先处理取消申请');
}

type Entry = {
  field: string;
  line: OrderLineRow;
  units: number;
  lotId: number | null;
  codes: string[];
};
type Planned = { line: OrderLineRow; lot: LotRow | null; units: number; codes: string[] };

/** The form's lines against the order: known lines, at most what is left to ship of each. */
function entriesOf(input: ShipInput, lines: OrderLineRow[], shipped: Map<number, number>): Entry[] {
  const entries: Entry[] = [];
  for (const [i, x] of input.lines.entries()) {
    if (x.number === 0 && x.codes.length === 0) continue;
    const field = `lines.${i}`;
    const line = lines.find((l) => l.id === x.id);
    if (!line) throw invalid(`${field}.id`, '订单中没有该商品');
    if (x.number === 0) throw invalid(`${field}.number`, `请填写${line.name}的发货数量`);
    const left = line.number - (shipped.get(line.id) ?? 0);
    if (x.number > left)
      throw invalid(
        `${field}.number`,
        left === 0 ? `${line.name}已全部发货` : `${line.name}最多还可发${left}${line.bzdw}`,
      );
    shipped.set(line.id, (shipped.get(line.id) ?? 0) + x.number);
    entries.push({ field, line, units: x.number, lotId: x.lot_id ?? null, codes: x.codes });
  }
  if (entries.length === 0) throw invalid('lines', '请至少填写一个商品的发货数量');
  return entries;
}

async function picksOf(
  tx: Tx,
  o: OrderRow,
  lines: OrderLineRow[],
  prior: Awaited<ReturnType<typeof shipmentsOf>>,
) {
  const reservations = await tx
    .select()
    .from(stockReservations)
    .where(and(eq(stockReservations.orderId, o.id), isNull(stockReservations.releasedAt)));
  const picks = new Map<number, LinePick>();
  for (const l of lines) {
    if (isGift(l)) continue;
    const pick: LinePick = {
      orderId: o.id,
      orderLineId: l.id,
      goodsId: l.goodsId,
      reserved: new Map(
        reservations
          .filter((r) => r.orderLineId === l.id)
          .map((r) => [r.lotId, { rowId: r.id, number: r.number, expiresOn: r.expiresOn }]),
      ),
      shipped: new Map(),
    };
    for (const s of prior.flatMap((p) => p.lines))
      if (s.orderLineId === l.id && s.lotId !== null) markShipped(pick, s.lotId, s.number);
    picks.set(l.id, pick);
  }
  return picks;
}

/** The lot each entry ships from, with the reservation moved onto it where it was not. */
async function pickLots(
  tx: Tx,
  touched: Touched,
  entries: Entry[],
  picks: Map<number, LinePick>,
  bound: Map<number, number>,
) {
  const planned: Planned[] = [];
  const moves: LotMove[] = [];
  const pairs = new Set<string>();
  for (const e of entries) {
    const field = `${e.field}.lot_id`;
    if (isGift(e.line)) {
      if (e.lotId !== null) throw invalid(field, `${e.line.name}为赠品，无需选择批号`);
      planned.push({ line: e.line, lot: null, units: e.units, codes: e.codes });
      continue;
    }
    const pick = picks.get(e.line.id)!;
    const lotId = e.lotId ?? defaultLot(pick, e.units);
    if (lotId === null) throw invalid(field, `${e.line.name}预留在多个批号，请选择发货批号`);
    if (pairs.has(`${e.line.id}:${lotId}`))
      throw invalid(field, `${e.line.name}同一批号请合并为一行填写`);
    pairs.add(`${e.line.id}:${lotId}`);
    const [lot] = await tx.select().from(goodsLots).where(eq(goodsLots.id, lotId)).limit(1);
    if (!lot || lot.goodsId !== e.line.goodsId) throw invalid(field, '该批号不属于此商品');
    // Near-expiry lots go only to lines bought at their near-expiry price, and such a line only
    // ships from its own lot (DOMAIN: picking by lot). What the order already reserved there at
    // the normal price still ships from it: only moving more onto such a lot is refused.
    const ownLot =
      e.line.type !== ORDER_LINE_TYPE.combination && e.line.goodsPriceId
        ? [...bound].find(([, variant]) => variant === e.line.goodsPriceId)?.[0]
        : undefined;
    if (ownLot !== undefined && ownLot !== lot.id)
      throw invalid(field, `${e.line.name}按近效期价格售出，只能从其近效期批号发货`);
    if (ownLot === undefined && bound.has(lot.id) && freeOn(pick, lot.id) < e.units)
      throw invalid(field, `批号${lot.batchNo}为近效期特价批号，只能发给按近效期价格购买的订单`);
    moves.push(...(await reserveOnLot(tx, touched, pick, lot, e.units, field)));
    markShipped(pick, lot.id, e.units);
    planned.push({ line: e.line, lot, units: e.units, codes: e.codes });
  }
  return { planned, moves };
}

async function writeShipment(
  tx: Tx,
  o: OrderRow,
  actor: StaffActor,
  input: ShipInput,
  planned: Planned[],
): Promise<number> {
  const [s] = await tx
    .insert(shipments)
    .values({
      orderId: o.id,
      carrier: input.carrier,
      trackingNo: input.tracking_no,
      staffId: actor.id,
    })
    .returning({ id: shipments.id });
  for (const p of planned) {
    const [sl] = await tx
      .insert(shipmentLines)
      .values({
        shipmentId: s!.id,
        orderLineId: p.line.id,
        lotId: p.lot?.id ?? null,
        batchNo: p.lot?.batchNo ?? '',
        producedOn: p.lot?.producedOn ?? null,
        expiresOn: p.lot?.expiresOn ?? null,
        number: p.units,
      })
      .returning({ id: shipmentLines.id });
    if (p.codes.length)
      await tx.insert(traceCodes).values(p.codes.map((code) => ({ shipmentLineId: sl!.id, code })));
  }
  return s!.id;
}

/** Ships what the form lists; answers the new shipment's id. */
export async function shipOrder(
  actor: StaffActor,
  orderId: number,
  input: ShipInput,
): Promise<number> {
  let scanned: ScannedLine[] = [];
  try {
    return await stockTransaction(async (tx, touched) => {
      const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!o) throw notFound('订单不存在');
      assertShippable(o);
      const prior = await shipmentsOf(tx, [o.id]);
      if (input.shipment_count !== undefined && input.shipment_count !== prior.length)
        throw conflict('该订单刚有其他发货记录，请刷新后再操作');
      const lines = await linesOf(tx, [o.id]);
      const shipped = new Map(lines.map((l) => [l.id, shippedUnits(prior, l.id)]));
      const entries = entriesOf(input, lines, shipped);
      const facts = await goodsFacts(
        tx,
        lines.map((l) => l.goodsId),
      );
      scanned = entries.map((e) => {
        const g = facts.find((f) => f.id === e.line.goodsId);
        return {
          field: `${e.field}.codes`,
          name: e.line.name,
          unit: e.line.bzdw,
          units: e.units,
          codes: e.codes,
          goods: isGift(e.line) || !g ? null : g,
        };
      });
      checkScannedCodes(scanned);
      const used = await usedCodes(
        tx,
        scanned.flatMap((l) => l.codes),
      );
      if (used.length) throw codeInUse(scanned, used);

      const picks = await picksOf(tx, o, lines, prior);
      const bound = await boundLotsOf(
        tx,
        lines.map((l) => l.goodsId),
      );
      const { planned, moves } = await pickLots(tx, touched, entries, picks, bound);
      const shipmentId = await writeShipment(tx, o, actor, input, planned);
      const done = lines.every((l) => shipped.get(l.id) === l.number);
      const status = done ? 'shipped' : 'paid';
      await tx
        .update(orders)
        .set({ status, trackingNo: input.tracking_no, ...(done ? { shippedAt: new Date() } : {}) })
        .where(eq(orders.id, o.id));
      await recordAudit(tx, actor, {
        action: 'order.ship',
        entity: 'order',
        entityId: o.id,
        before: { status: o.status },
        after: {
          status,
          shipment_id: shipmentId,
          carrier: input.carrier,
          tracking_no: input.tracking_no,
          lines: planned.map((p) => ({
            order_line_id: p.line.id,
            lot_id: p.lot?.id ?? null,
            number: p.units,
            codes: p.codes,
          })),
          moved: moves,
        },
      });
      await notifyCompany(tx, o.companyId, {
        title: '订单已发货',
        content: `您的订单${o.no}${done ? '已发货' : '已部分发货'}，承运商：${input.carrier}，运单号：${input.tracking_no}。批号、效期与药品追溯码可在订单详情中查看。`,
      });
      return shipmentId;
    });
  } catch (e) {
    // Another shipment took one of the codes between our check and our insert.
    if (isUniqueViolation(e) && scanned.length) {
      const used = await usedCodes(
        await getDb(),
        scanned.flatMap((l) => l.codes),
      );
      if (used.length) throw codeInUse(scanned, used);
    }
    throw e;
  }
}
