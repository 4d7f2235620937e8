// The one cart line per goods, type and variant (the unique index cart_lines_company_goods_uq).
import { and, eq } from 'drizzle-orm';
import type { Tx } from '#/server/db/client.ts';
import { cartLines } from '#/server/db/schema/index.ts';

export type LineKey = { goodsId: number; type: number; goodsPriceId: number };

export const sameLine = (companyId: number, key: LineKey) =>
  and(
    eq(cartLines.companyId, companyId),
    eq(cartLines.goodsId, key.goodsId),
    eq(cartLines.type, key.type),
    eq(cartLines.goodsPriceId, key.goodsPriceId),
  );

/** Grows the line of the same goods and variant (or makes it); answers the quantity, 0 = none. */
type LineValues = Partial<typeof cartLines.$inferInsert>;

export async function upsertLine(
  tx: Tx,
  companyId: number,
  key: LineKey,
  grow: (had: number) => number,
  /** the line's other fields; a function when they follow the quantity (the price seen) */
  values: LineValues | ((number: number) => LineValues),
): Promise<number> {
  const [existing] = await tx.select().from(cartLines).where(sameLine(companyId, key)).limit(1);
  const number = grow(existing?.number ?? 0);
  if (number < 1) return 0;
  const fields = typeof values === 'function' ? values(number) : values;
  const set = { ...fields, number, isSelected: true, updatedAt: new Date() };
  if (existing) await tx.update(cartLines).set(set).where(eq(cartLines.id, existing.id));
  else {
    await tx
      .insert(cartLines)
      .values({ companyId, ...key, ...set })
      .onConflictDoUpdate({
        target: [cartLines.companyId, cartLines.goodsId, cartLines.type, cartLines.goodsPriceId],
        set,
      });
  }
  return number;
}
