// Creating and editing goods in the back office. Each save is one transaction with its audit row
// and a move of the catalogue version; an edit names the version it started from, so two
// merchandisers saving the same goods never overwrite each other (the second is told the current
// version). Caches holding the goods drop it once the transaction has ended.
import { asc, eq, sql } from 'drizzle-orm';
import { invalidate } from '#/server/cache.ts';
import { getDb, type Tx } from '#/server/db/client.ts';
import { controlledRules, goods, ladderPrices } from '#/server/db/schema/index.ts';
import { DomainError, notFound } from '#/server/errors.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import type { GoodsFieldsInput } from './forms.ts';
import { assertCodesFree, goodsColumns, resolveRefs, writePriceRules } from './write.ts';

/** Another save of this goods came first: `current` is the version now stored. */
export class StaleGoods extends DomainError {
  readonly current: number;
  constructor(current: number) {
    super('CONFLICT', '该商品已被他人修改，请刷新后在最新内容上重新修改');
    this.current = current;
  }
}

export async function createGoods(f: GoodsFieldsInput, actor: StaffActor): Promise<number> {
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    await assertCodesFree(tx, f, null);
    const [row] = await tx
      .insert(goods)
      .values(goodsColumns(f, await resolveRefs(tx, f)))
      .returning({ id: goods.id });
    await writePriceRules(tx, row!.id, f);
    await recordAudit(tx, actor, {
      action: 'goods.create',
      entity: 'goods',
      entityId: row!.id,
      after: f,
    });
    return row!.id;
  });
  invalidate({ goods: [id] });
  return id;
}

/** What the audit row keeps of the stored goods, in the form's terms. */
async function stored(id: number, tx: Tx) {
  const ladder = await tx
    .select({ min_number: ladderPrices.minNumber, price: ladderPrices.price })
    .from(ladderPrices)
    .where(eq(ladderPrices.goodsId, id))
    .orderBy(asc(ladderPrices.minNumber));
  const [rule] = await tx.select().from(controlledRules).where(eq(controlledRules.goodsId, id));
  return {
    ladder,
    controlled_regions: rule?.regions ?? [],
    controlled_types: rule?.customerTypes ?? [],
  };
}

export async function updateGoods(
  id: number,
  f: GoodsFieldsInput,
  version: number,
  actor: StaffActor,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(goods).where(eq(goods.id, id)).for('update');
    if (!before) throw notFound('商品不存在');
    if (before.version !== version) throw new StaleGoods(before.version);
    await assertCodesFree(tx, f, id);
    const rules = await stored(id, tx);
    await tx
      .update(goods)
      .set({ ...goodsColumns(f, await resolveRefs(tx, f)), version: sql`${goods.version} + 1` })
      .where(eq(goods.id, id));
    await writePriceRules(tx, id, f);
    const { stock: _stock, sales: _sales, createdAt: _at, ...kept } = before;
    await recordAudit(tx, actor, {
      action: 'goods.update',
      entity: 'goods',
      entityId: id,
      before: { ...kept, ...rules },
      after: { ...f, version: version + 1 },
    });
  });
  invalidate({ goods: [id] });
}
