// 组合购 packs as the merchandiser keeps them: items (goods × units per pack) at one pack price.
// The cart and the zone read the ones on sale (promotions/combinations.ts).
import { desc, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { combinationItems, combinations, goods } from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { invalidate } from '#/server/cache.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { changeRow } from './change.ts';
import { checkWindow, endedOpen } from './window.ts';

export interface CombinationInput {
  name: string;
  packPriceFen: number;
  items: { goodsId: number; number: number }[];
  startsAt: Date;
  /** null: until ended */
  endsAt: Date | null;
}

export type CombinationDeskRow = typeof combinations.$inferSelect & {
  items: { goodsId: number; number: number }[];
};

export async function listCombinations(limit: number): Promise<CombinationDeskRow[]> {
  const db = await getDb();
  const rows = await db.select().from(combinations).orderBy(desc(combinations.id)).limit(limit);
  const items = rows.length
    ? await db
        .select()
        .from(combinationItems)
        .where(
          inArray(
            combinationItems.combinationId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    ...r,
    items: items
      .filter((i) => i.combinationId === r.id)
      .map((i) => ({ goodsId: i.goodsId, number: i.number })),
  }));
}

async function checkItems(tx: Tx, input: CombinationInput): Promise<void> {
  const ids = input.items.map((i) => i.goodsId);
  if (new Set(ids).size !== ids.length) throw invalid('items', '组合内商品不能重复');
  if (ids.length < 2) throw invalid('items', '组合至少包含两种商品');
  const found = await tx
    .select({ id: goods.id, basePrice: goods.basePrice })
    .from(goods)
    .where(inArray(goods.id, ids));
  const missing = ids.filter((id) => !found.some((g) => g.id === id));
  if (missing.length) throw invalid('items', `商品不存在：${missing.join('、')}`);
  // A pack costing as much as its items bought one by one is no offer.
  const list = input.items.reduce(
    (sum, i) => sum + i.number * (found.find((g) => g.id === i.goodsId)?.basePrice ?? 0),
    0,
  );
  if (input.packPriceFen >= list) throw invalid('pack_price', '组合价须低于各商品原价之和');
}

export async function saveCombination(
  id: number | null,
  input: CombinationInput,
  actor: StaffActor,
): Promise<number> {
  if (input.endsAt) checkWindow({ startsAt: input.startsAt, endsAt: input.endsAt });
  const db = await getDb();
  const touched = new Set(input.items.map((i) => i.goodsId));
  const fields = {
    name: input.name,
    packPrice: input.packPriceFen,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
  };
  const saved = await db.transaction(async (tx) => {
    await checkItems(tx, input);
    let before: CombinationDeskRow | null = null;
    let comboId: number;
    if (id === null) {
      const [row] = await tx.insert(combinations).values(fields).returning();
      comboId = row!.id;
    } else {
      const [row] = await tx
        .select()
        .from(combinations)
        .where(eq(combinations.id, id))
        .for('update');
      if (!row) throw notFound('组合不存在');
      const old = await tx
        .select()
        .from(combinationItems)
        .where(eq(combinationItems.combinationId, id));
      before = { ...row, items: old.map((i) => ({ goodsId: i.goodsId, number: i.number })) };
      for (const i of old) touched.add(i.goodsId);
      await tx.update(combinations).set(fields).where(eq(combinations.id, id));
      await tx.delete(combinationItems).where(eq(combinationItems.combinationId, id));
      comboId = id;
    }
    await tx
      .insert(combinationItems)
      .values(
        input.items.map((i) => ({ combinationId: comboId, goodsId: i.goodsId, number: i.number })),
      );
    await recordAudit(tx, actor, {
      action: id === null ? 'promotion.combination.create' : 'promotion.combination.update',
      entity: 'combination',
      entityId: comboId,
      before,
      after: { id: comboId, ...fields, items: input.items },
    });
    return comboId;
  });
  invalidate({ goods: touched });
  return saved;
}

export async function endCombination(id: number, actor: StaffActor): Promise<void> {
  const db = await getDb();
  const goodsIds = await db.transaction(async (tx) => {
    await changeRow(tx, actor, combinations, id, {
      set: endedOpen,
      action: 'promotion.combination.end',
      entity: 'combination',
      missing: '组合不存在',
    });
    const members = await tx
      .select()
      .from(combinationItems)
      .where(eq(combinationItems.combinationId, id));
    return members.map((m) => m.goodsId);
  });
  invalidate({ goods: goodsIds });
}
