// Editing cart lines: a line's quantity, deleting and (de)selecting lines.
import { and, eq, inArray } from 'drizzle-orm';
import { snapQuantity } from '#/lib/pricing/quantity.ts';
import { getDb } from '#/server/db/client.ts';
import { cartLines } from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { readModelCatalogue } from './catalogue.ts';
import { buildLines } from './lines.ts';
import { ownLine, screenCompany } from './load.ts';
import { cartCount, cartState } from './state.ts';

/** Sets a line's quantity (snapped to packs, stock, the variant's lot); answers the line and the cart state. */
export async function editLine(companyId: number, id: number, requested: number) {
  const db = await getDb();
  const row = await ownLine(db, companyId, id);
  const company = await screenCompany(companyId);
  const from = readModelCatalogue();
  const [before] = await buildLines(db, company, [row], from);
  if (!before) throw notFound('商品不存在或已下架');
  const snap = snapQuantity(before.goods, requested);
  if (snap.quantity < 1) throw invalid('params.number', '商品库存不足');
  const [after] = await buildLines(
    db,
    company,
    [{ ...row, number: snap.quantity, seenPrice: null }],
    from,
  );
  await db
    .update(cartLines)
    .set({ number: snap.quantity, seenPrice: after!.unitPriceFen, updatedAt: new Date() })
    .where(eq(cartLines.id, id));
  const state = await cartState(companyId);
  return {
    number: snap.quantity,
    reason: snap.reason ?? null,
    line: state.data.find((l) => l.id === id) ?? null,
    cart: state,
  };
}

export async function deleteLines(companyId: number, ids: readonly number[]) {
  const db = await getDb();
  const gone = await db
    .delete(cartLines)
    .where(and(eq(cartLines.companyId, companyId), inArray(cartLines.id, [...ids])))
    .returning({ id: cartLines.id });
  if (gone.length === 0) throw notFound('购物车中没有该商品');
  return { deleted: gone.length, total: await cartCount(companyId) };
}

export async function selectLines(companyId: number, ids: readonly number[], selected: boolean) {
  const db = await getDb();
  const rows = await db
    .update(cartLines)
    .set({ isSelected: selected })
    .where(and(eq(cartLines.companyId, companyId), inArray(cartLines.id, [...ids])))
    .returning({ id: cartLines.id });
  if (rows.length === 0) throw notFound('购物车中没有该商品');
  return cartState(companyId);
}
