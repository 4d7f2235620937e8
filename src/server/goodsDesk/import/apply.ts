// Writes one planned batch of an import in the caller's transaction: new goods (in bulk), changed
// goods (their version moves, so an editor open on them is told), prices and lots. goods.stock follows
// the lots by the database's trigger.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#/server/db/client.ts';
import { insertJson } from '#/server/db/insertJson.ts';
import { controlledRules, goods, goodsLots, ladderPrices } from '#/server/db/schema/index.ts';
import { goodsColumns, manufacturerId, writePriceRules } from '../write.ts';
import type { GoodsPlan, Lookups } from './plan.ts';

/** Writes the plans; answers the ids of the goods created and of those changed. */
export async function applyBatch(
  tx: Tx,
  plans: readonly GoodsPlan[],
  lookups: Lookups,
  manufacturers: Map<string, number>,
): Promise<{ created: number[]; updated: number[] }> {
  const columnsOf = async (p: GoodsPlan) => {
    const name = p.fields.manufacturer;
    let mid = manufacturers.get(name);
    if (mid === undefined) manufacturers.set(name, (mid = await manufacturerId(tx, name)));
    return goodsColumns(p.fields, {
      line: lookups.lines.get(p.fields.category_id)!,
      manufacturerId: mid,
    });
  };
  // New goods: one INSERT for the batch, then their ladders, rules and lots in one INSERT each.
  // The goods and lots go as one JSON parameter (db/insertJson.ts), which needs every key in every
  // row: rank prices the file leaves out are the column's default, none.
  const fresh = plans.filter((p) => p.goodsId === null);
  const rows = [];
  for (const p of fresh) rows.push({ rankPrices: {}, ...(await columnsOf(p)) });
  const made = await insertJson(tx, goods, rows, ['id', 'code']);
  const idOf = new Map(made.map((m) => [m.code, m.id]));
  const ladders = fresh.flatMap((p) =>
    p.fields.ladder.map((t) => ({
      goodsId: idOf.get(p.fields.code)!,
      minNumber: t.min_number,
      price: t.price,
    })),
  );
  if (ladders.length) await tx.insert(ladderPrices).values(ladders);
  const rules = fresh
    .filter((p) => p.fields.is_controlled)
    .map((p) => ({
      goodsId: idOf.get(p.fields.code)!,
      regions: p.fields.controlled_regions,
      customerTypes: p.fields.controlled_types,
    }));
  if (rules.length) await tx.insert(controlledRules).values(rules);

  const updated: number[] = [];
  for (const p of plans) {
    if (p.goodsId === null) continue;
    updated.push(p.goodsId);
    if (!p.goodsChanged) continue;
    await tx
      .update(goods)
      .set({ ...(await columnsOf(p)), version: sql`${goods.version} + 1` })
      .where(eq(goods.id, p.goodsId));
    await writePriceRules(tx, p.goodsId, p.fields);
  }

  const newLots = plans.flatMap((p) =>
    p.lots
      .filter((l) => l.id === null)
      .map(({ lot }) => ({
        goodsId: p.goodsId ?? idOf.get(p.fields.code)!,
        batchNo: lot.batch_no,
        producedOn: lot.produced_on,
        expiresOn: lot.expires_on,
        stock: lot.stock,
      })),
  );
  await insertJson(tx, goodsLots, newLots);
  for (const p of plans)
    for (const { id, lot } of p.lots)
      if (id !== null)
        await tx
          .update(goodsLots)
          .set({ producedOn: lot.produced_on, expiresOn: lot.expires_on, stock: lot.stock })
          .where(eq(goodsLots.id, id));
  return { created: made.map((m) => m.id), updated };
}
