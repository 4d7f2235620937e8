// What the cart reads: the buying company, its cart rows and the goods with their ladders and
// controlled-sales rules.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { CART_LINE_TYPES } from '#/lib/constants.ts';
import type { Db, Tx } from '#/server/db/client.ts';
import { cartLines, goods, ladderPrices } from '#/server/db/schema/index.ts';
import {
  loadBuyer,
  loadControlledRules,
  type BuyerCompany,
  type ControlledRule,
} from '#/server/eligibility.ts';
import { forbidden, notFound } from '#/server/errors.ts';
import { hiddenPrice } from '#/lib/priceVisibility.ts';
import { withPromotionTags } from '#/lib/tags.ts';
import { heldTags } from '#/server/goodsSnapshots.ts';
import { promotionTags } from '#/server/promotions/tags.ts';
import { loadManjian } from '#/server/promotions/fullReduction.ts';
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
 * The buying company of a screen that shows cart prices: refused, as the catalogue hides prices,
 * to a member who may not see them yet (lib/priceVisibility).
 */
export async function loadPricingCompany(q: Q, companyId: number): Promise<BuyerCompany> {
  const company = await loadCompany(q, companyId);
  const hidden = hiddenPrice(company);
  if (hidden) throw forbidden(`${hidden.text}，请先${hidden.action}`);
  return company;
}

export async function loadGoods(
  q: Q,
  ids: readonly number[],
  lock = false,
): Promise<Map<number, CartGoodsRow>> {
  if (ids.length === 0) return new Map();
  const base = q
    .select()
    .from(goods)
    .where(inArray(goods.id, [...ids]))
    .orderBy(asc(goods.id));
  const rows = lock ? await base.for('update') : await base;
  const ladders = await q
    .select()
    .from(ladderPrices)
    .where(inArray(ladderPrices.goodsId, [...ids]));
  const controlled = await loadControlledRules(
    q,
    rows.filter((r) => r.isControlled).map((r) => r.id),
  );
  // Tags are labels on the lines: the read model's (a poll old at most) spare a query that tests
  // every promotion table per goods; goods it does not hold are read here.
  const held = heldTags(ids);
  const unheld = ids.filter((id) => !held.has(id));
  const promotions = unheld.length ? await promotionTags(q, unheld) : new Map<number, string[]>();
  const out = new Map<number, CartGoodsRow>();
  for (const r of rows)
    out.set(r.id, {
      ...r,
      tags: [...(held.get(r.id) ?? withPromotionTags(r.tags, promotions.get(r.id) ?? []))],
      ladder: [],
      controlled: controlled.get(r.id) ?? null,
    });
  for (const l of ladders)
    out.get(l.goodsId)?.ladder.push({ number: l.minNumber, price: l.price, id: l.id });
  return out;
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
  q: Q,
  lines: readonly UnpricedCartItem[],
): Promise<NamedActivity[]> {
  return loadManjian(
    q,
    lines.flatMap((l) =>
      l.type !== CART_LINE_TYPES.combination && l.manjianId !== null ? [l.manjianId] : [],
    ),
  );
}
