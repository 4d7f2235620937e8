// Copying cart lines to other stores of the same login (never to a stranger's store).
import { and, eq, inArray } from 'drizzle-orm';
import { CART_LINE_TYPES } from '#/lib/constants.ts';
import { getDb } from '#/server/db/client.ts';
import { companies } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import { addLines } from './add.ts';
import { companyRows, type CartRow } from './load.ts';
import type { AddRequest } from './model.ts';

const asRequest = (r: CartRow): AddRequest =>
  r.type === CART_LINE_TYPES.combination
    ? { goodsId: r.goodsPriceId, quantity: r.number, type: CART_LINE_TYPES.combination }
    : {
        goodsId: r.goodsId,
        quantity: r.number,
        type: r.type,
        goodsPriceId: r.goodsPriceId || undefined,
        manjianId: r.goodsManjianId ?? undefined,
        welfare: r.isWelfare,
      };

export async function copyLines(
  accountId: number,
  companyId: number,
  ids: readonly number[],
  otherIds: readonly number[],
) {
  const db = await getDb();
  const rows = await companyRows(db, companyId, ids);
  if (rows.length === 0) throw notFound('购物车中没有该商品');
  const targets = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.accountId, accountId), inArray(companies.id, [...otherIds])));
  const targetIds = targets.map((t) => t.id).filter((id) => id !== companyId);
  if (
    targetIds.length !== new Set(otherIds.filter((id) => id !== companyId)).size ||
    targetIds.length === 0
  )
    throw notFound('门店不存在');
  for (const t of targetIds) await addLines(t, rows.map(asRequest));
  return { copied: rows.length, stores: targetIds };
}
