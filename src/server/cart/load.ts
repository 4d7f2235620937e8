// What the cart reads: the buying company and its cart rows (the goods and their promotions come
// from a CartCatalogue: catalogue.ts).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { CART_LINE_TYPES } from '#/lib/constants.ts';
import type { Db, Tx } from '#/server/db/client.ts';
import { cartLines, goods } from '#/server/db/schema/index.ts';
import {
  cachedBuyer,
  loadBuyer,
  type BuyerCompany,
  type ControlledRule,
} from '#/server/eligibility.ts';
import { forbidden, notFound } from '#/server/errors.ts';
import { hiddenPrice } from '#/lib/priceVisibility.ts';
import type { CartCatalogue } from './catalogue.ts';
import type { NamedActivity, UnpricedCartItem } from './model.ts';

export type Q = Db | Tx;
export type CartRow = typeof cartLines.$inferSelect;
export type CartGoodsRow = typeof goods.$inferSelect & {
  ladder: { number: number; price: number; id: number }[];
  controlled: ControlledRule | null;
};

/**
 * The buying company with what the eligibility rules need (scope, region, licence expiry).
 * lock: serialises one company's order placements (its cart is read, then cleared).
 */
export async function loadCompany(q: Q, companyId: number, lock = false): Promise<BuyerCompany> {
  const company = await loadBuyer(q, companyId, lock);
  if (!company) throw notFound();
  return company;
}

/**
 * The buying company as the cart's screens see it: the catalogue screens' cached copy (a store's
 * or its licences' change drops it at once in this process); placing an order reads it fresh.
 */
export async function screenCompany(companyId: number): Promise<BuyerCompany> {
  const company = await cachedBuyer(companyId);
  if (!company) throw notFound();
  return company;
}

/**
 * The buying company of a screen that shows cart prices: refused, as the catalogue hides prices,
 * to a member who may not see them yet (lib/priceVisibility).
 */
export async function loadPricingCompany(companyId: number): Promise<BuyerCompany> {
  const company = await screenCompany(companyId);
  const hidden = hiddenPrice(company);
  if (hidden) throw forbidden(`${hidden.text}，请先${hidden.action}`);
  return company;
}

/** The company's cart rows (all, or the given ids among them), oldest first. */
export async function companyRows(
  q: Q,
  companyId: number,
  ids?: readonly number[],
): Promise<CartRow[]> {
  const where = ids
    ? and(eq(cartLines.companyId, companyId), inArray(cartLines.id, [...ids]))
    : eq(cartLines.companyId, companyId);
  return q.select().from(cartLines).where(where).orderBy(asc(cartLines.id));
}

export async function ownLine(q: Q, companyId: number, id: number): Promise<CartRow> {
  const [row] = await q
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.id, id), eq(cartLines.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('购物车中没有该商品');
  return row;
}

/**
 * The full-reduction (满减) activities the lines take part in. buildLines has already set each
 * line's manjianId to the activity it really belongs to (effectiveManjianId), so the cart
 * state, the confirm step and the order transaction all price with the same activities.
 */
export async function fullReductionActivities(
  from: CartCatalogue,
  lines: readonly UnpricedCartItem[],
): Promise<NamedActivity[]> {
  const own = lines.filter((l) => l.type !== CART_LINE_TYPES.combination);
  return from.activities(
    own.flatMap((l) => (l.manjianId !== null ? [l.manjianId] : [])),
    own.map((l) => l.goods.id),
  );
}
