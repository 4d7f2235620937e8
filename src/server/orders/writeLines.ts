// An order's lines: each cart line at its charged price with its share of the order discount,
// a combination split into its items, 满赠 gifts at price 0; stock reserved for each line.
import { allocate } from '#/lib/money.ts';
import { ORDER_LINE_TYPE } from '#/lib/constants.ts';
import type { CartTotals } from '#/lib/pricing/totals.ts';
import type { CartItem } from '#/server/cart/model.ts';
import type { Tx } from '#/server/db/client.ts';
import { orderLines } from '#/server/db/schema/index.ts';
import { reserveAll, type Reservation, type Touched } from './stock.ts';

type Order = {
  tx: Tx;
  touched: Touched;
  orderId: number;
  discountedLots: (goodsIds: readonly number[]) => Promise<Set<number>>;
};
type LineValues = typeof orderLines.$inferInsert;
/** A line to write and, unless it is a gift, what it reserves (its id comes from the insert). */
type Planned = { values: LineValues; reserves?: Omit<Reservation, 'orderId' | 'orderLineId'> };

/**
 * Writes the counted lines of `totals` (priced from `group`) with one insert, then reserves their
 * stock together (stock.ts). The order discount is split over them by amount; lotOf gives the
 * lot a near-expiry variant sells.
 */
export async function writeLines(
  o: Order,
  group: readonly CartItem[],
  totals: CartTotals,
  lotOf: (l: CartItem) => number | null,
): Promise<void> {
  const counted = totals.lines.filter((p) => p.counted);
  const shares = allocate(
    totals.discountFen,
    counted.map((p) => p.amountFen),
  );
  const planned: Planned[] = [];
  for (const [i, p] of counted.entries()) {
    const l = group.find((x) => x.id === p.line.id)!;
    if (l.combination) {
      planned.push(...combinationLines(o.orderId, l, p.quantity, p.amountFen, shares[i]!));
      continue;
    }
    planned.push({
      values: {
        orderId: o.orderId,
        goodsId: l.goods.id,
        name: l.goods.name,
        spec: l.goods.spec,
        sccj: l.goods.manufacturer,
        bzdw: l.goods.unit,
        number: p.quantity,
        basePrice: l.goods.basePriceFen,
        unitPrice: p.unitPriceFen,
        amount: p.amountFen,
        discount: shares[i]!,
        type: l.type,
        goodsPriceId: l.goodsPriceId,
        goodsManjianId: l.manjianId,
      },
      reserves: { goodsId: l.goods.id, quantity: p.quantity, name: l.goods.name, ownLot: lotOf(l) },
    });
    // 满赠: the gifts the line earned, recorded at price 0 (handed out with the goods).
    if (l.gift && l.gift.total > 0) {
      planned.push({
        values: {
          orderId: o.orderId,
          goodsId: l.goods.id,
          name: `赠品：${l.gift.name}`,
          spec: '',
          sccj: l.goods.manufacturer,
          bzdw: '份',
          number: l.gift.total,
          basePrice: 0,
          unitPrice: 0,
          amount: 0,
          discount: 0,
          type: ORDER_LINE_TYPE.gift,
        },
      });
    }
  }
  if (planned.length === 0) return;
  // PostgreSQL returns a multi-row insert's rows in the order of its VALUES.
  const ids = await o.tx
    .insert(orderLines)
    .values(planned.map((p) => p.values))
    .returning({ id: orderLines.id });
  await reserveAll(
    o.tx,
    o.touched,
    planned.flatMap((p, k) =>
      p.reserves ? [{ ...p.reserves, orderId: o.orderId, orderLineId: ids[k]!.id }] : [],
    ),
    o.discountedLots,
  );
}

/**
 * A combination line becomes one order line per item (units = packs × units per pack), each
 * reserving its own stock; the pack amount and the discount share are split over the items by
 * their list value.
 */
function combinationLines(
  orderId: number,
  l: CartItem,
  packs: number,
  amountFen: number,
  discountFen: number,
): Planned[] {
  const { id, name, items } = l.combination!;
  const listValues = items.map((i) => i.goods.basePriceFen * i.number);
  const amounts = allocate(amountFen, listValues);
  const discounts = allocate(discountFen, listValues);
  return items.map((item, k) => {
    const units = packs * item.number;
    const g = item.goods;
    const amount = amounts[k]!;
    return {
      values: {
        orderId,
        goodsId: g.id,
        name: `【${name}】${g.name}`,
        spec: g.spec,
        sccj: g.manufacturer,
        bzdw: g.unit,
        number: units,
        basePrice: g.basePriceFen,
        unitPrice: Math.floor(amount / units),
        amount,
        discount: discounts[k]!,
        type: ORDER_LINE_TYPE.combination,
        goodsPriceId: id,
      },
      reserves: { goodsId: g.id, quantity: units, name: g.name },
    };
  });
}
