// Price variants as the merchandiser keeps them: goods_prices rows of kind flash (秒杀),
// daily_special (每日特价), near_expiry (近效期, bound to the lot it sells) and yj (一价到底). The
// cart prices lines from the same rows (promotions/variants.ts).
import { and, desc, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { goods, goodsLots, goodsPrices, type PriceKind } from '#/server/db/schema/index.ts';
import { conflict, invalid, notFound } from '#/server/errors.ts';
import { invalidate } from '#/server/cache.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { changeRow } from './change.ts';
import { checkWindow, endedNow } from './window.ts';

export type DeskPriceKind = PriceKind;

const PRICE_LABEL: Record<PriceKind, string> = {
  flash: '秒杀价',
  daily_special: '特价',
  near_expiry: '近效期价',
  yj: '一价到底价',
};

export interface PriceVariantInput {
  goodsId: number;
  priceFen: number;
  /** units per store at this price; null = no limit */
  userLimit: number | null;
  /** the lot a near-expiry price sells (required there, refused elsewhere) */
  lotId: number | null;
  startsAt: Date;
  endsAt: Date;
}

export type PriceVariantRow = typeof goodsPrices.$inferSelect & {
  goodsName: string;
  spec: string;
  basePrice: number;
};

/** The kind's variants, newest first, with the goods each one prices. */
export async function listPriceVariants(
  kind: DeskPriceKind,
  f: { goodsId?: number | undefined; limit: number },
): Promise<PriceVariantRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ p: goodsPrices, goodsName: goods.name, spec: goods.spec, basePrice: goods.basePrice })
    .from(goodsPrices)
    .innerJoin(goods, eq(goods.id, goodsPrices.goodsId))
    .where(
      and(
        eq(goodsPrices.kind, kind),
        f.goodsId === undefined ? undefined : eq(goodsPrices.goodsId, f.goodsId),
      ),
    )
    .orderBy(desc(goodsPrices.id))
    .limit(f.limit);
  return rows.map((r) => ({
    ...r.p,
    goodsName: r.goodsName,
    spec: r.spec,
    basePrice: r.basePrice,
  }));
}

async function checkVariant(
  tx: Tx,
  kind: DeskPriceKind,
  input: PriceVariantInput,
  exceptId: number | null,
): Promise<void> {
  checkWindow(input);
  const [g] = await tx
    .select({ basePrice: goods.basePrice })
    .from(goods)
    .where(eq(goods.id, input.goodsId))
    .limit(1)
    .for('update');
  if (!g) throw invalid('goods_id', '商品不存在');
  // A promotion price at or above the everyday price would charge the buyer more for the "deal".
  if (input.priceFen >= g.basePrice) throw invalid('price', `${PRICE_LABEL[kind]}须低于商品原价`);
  if (kind === 'near_expiry') {
    if (input.lotId === null) throw invalid('lot_id', '请填写近效期批号编号');
    const [lot] = await tx
      .select({ id: goodsLots.id })
      .from(goodsLots)
      .where(and(eq(goodsLots.id, input.lotId), eq(goodsLots.goodsId, input.goodsId)));
    if (!lot) throw invalid('lot_id', '该批号不属于此商品');
  } else if (input.lotId !== null) throw invalid('lot_id', '只有近效期价绑定批号');
  if (kind !== 'flash') return;
  // Two flash sales of one goods at once: the buyer could not tell which price and limit apply.
  const [clash] = await tx
    .select({ id: goodsPrices.id })
    .from(goodsPrices)
    .where(
      and(
        eq(goodsPrices.goodsId, input.goodsId),
        eq(goodsPrices.kind, 'flash'),
        lt(goodsPrices.startsAt, input.endsAt),
        gt(goodsPrices.endsAt, input.startsAt),
        exceptId === null ? undefined : ne(goodsPrices.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw conflict(`该商品在此时间段已有秒杀活动（编号 ${clash.id}）`);
}

const values = (kind: DeskPriceKind, input: PriceVariantInput) => ({
  goodsId: input.goodsId,
  kind,
  price: input.priceFen,
  userLimit: input.userLimit,
  lotId: input.lotId,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
});

/** Creates (id null) or changes a variant of `kind`; answers its id. */
export async function savePriceVariant(
  kind: DeskPriceKind,
  id: number | null,
  input: PriceVariantInput,
  actor: StaffActor,
): Promise<number> {
  const db = await getDb();
  const touched = new Set([input.goodsId]);
  const saved = await db.transaction(async (tx) => {
    // Lock the goods first, then the row: two saves of one goods check overlaps one after another.
    await checkVariant(tx, kind, input, id);
    if (id === null) {
      const [row] = await tx.insert(goodsPrices).values(values(kind, input)).returning();
      await recordAudit(tx, actor, {
        action: `promotion.${kind}.create`,
        entity: 'goods_price',
        entityId: row!.id,
        after: row,
      });
      return row!.id;
    }
    const { before } = await changeRow(tx, actor, goodsPrices, id, {
      set: () => values(kind, input),
      action: `promotion.${kind}.update`,
      entity: 'goods_price',
      missing: '活动不存在',
      match: eq(goodsPrices.kind, kind),
    });
    touched.add(before.goodsId);
    return id;
  });
  invalidate({ goods: touched });
  return saved;
}

/** Ends variants of `kind` now (a scheduled one never starts). */
export async function endPriceVariants(
  kind: DeskPriceKind,
  ids: readonly number[],
  actor: StaffActor,
): Promise<void> {
  const db = await getDb();
  const touched = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(goodsPrices)
      .where(and(inArray(goodsPrices.id, [...ids]), eq(goodsPrices.kind, kind)))
      .for('update');
    if (rows.length !== new Set(ids).size) throw notFound('活动不存在');
    for (const before of rows) {
      const [after] = await tx
        .update(goodsPrices)
        .set(endedNow(before))
        .where(eq(goodsPrices.id, before.id))
        .returning();
      await recordAudit(tx, actor, {
        action: `promotion.${kind}.end`,
        entity: 'goods_price',
        entityId: before.id,
        before,
        after,
      });
    }
    return rows.map((r) => r.goodsId);
  });
  invalidate({ goods: touched });
}
