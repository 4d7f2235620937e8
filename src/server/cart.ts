// The company's cart: lines, their state for the page (SPEC 3 "Cart state") and edits.
// Prices come from the ONE engine (lib/pricing.ts) through lib/cartLine.ts; the server alone
// decides what is charged (orders.ts re-prices inside the order transaction).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from './db/client.ts';
import { cartLines, companies, goods, ladderPrices } from './db/schema/index.ts';
import { loadBuyer, loadControlledRules, purchaseBlock, type BuyerCompany, type ControlledRule } from './eligibility.ts';
import { notFound, unprocessable } from './http/errors.ts';
import { fenToYuan } from '../lib/money.ts';
import {
  cartTotals, freeShippingHint, ladderHint, ladderUnitPrice, snapQuantity, type CartTotals,
  type CartTotalsOptions, type FullReductionActivity,
} from '../lib/pricing.ts';
import { pricingGoodsFromApi, pricingLineFromApi, type ApiCartGoods, type ApiCartLine } from '../lib/cartLine.ts';
import { CART_LIST_FILTER_DEFAULT } from '../lib/constants.ts';
import { parseQuickLine } from '../lib/quickLine.ts';

type Q = Db | Tx;

export type CompanyRow = BuyerCompany;

/** lock: serialises one company's order placements (its cart is read, then cleared). */
/** The buying company with what the eligibility rules need (scope, region, licence expiry). */
export async function loadCompany(q: Q, companyId: number, lock = false): Promise<CompanyRow> {
  const company = await loadBuyer(q, companyId, lock);
  if (!company) throw notFound();
  return company;
}

/**
 * The fixed price of a promotion variant (flash sale goods_price_id, 近效期, 一价) for a line, or
 * null when the line is priced by base + ladder. Promotions are not built yet: every line is
 * ladder-priced. This is the one place to wire the promotions tables in.
 */
export async function variantPrices(_q: Q, _lines: readonly { goodsId: number; type: number; goodsPriceId: number }[]): Promise<Map<string, number>> {
  return new Map();
}

/**
 * The full-reduction (满减) activities the lines take part in (goods_manjian_id). None exist until
 * the promotions tables are merged; this is the one place to load them. The cart state, the
 * confirm step and the order transaction all price with what it returns.
 */
export async function fullReductionActivities(_q: Q, _lines: readonly ApiCartLine[]): Promise<FullReductionActivity[]> {
  return [];
}

const variantKey = (goodsId: number, type: number, goodsPriceId: number) => `${goodsId}:${type}:${goodsPriceId}`;

type GoodsRow = typeof goods.$inferSelect;

type CartGoodsRow = GoodsRow & { ladder: { number: number; price: number; id: number }[]; controlled: ControlledRule | null };

export async function loadGoods(q: Q, ids: readonly number[], lock = false): Promise<Map<number, CartGoodsRow>> {
  if (ids.length === 0) return new Map();
  const base = q.select().from(goods).where(inArray(goods.id, [...ids])).orderBy(asc(goods.id));
  const rows = lock ? await base.for('update') : await base;
  const ladders = await q.select().from(ladderPrices).where(inArray(ladderPrices.goodsId, [...ids]));
  const controlled = await loadControlledRules(q, rows.filter((r) => r.isControlled).map((r) => r.id));
  const out = new Map<number, CartGoodsRow>();
  for (const r of rows) out.set(r.id, { ...r, ladder: [], controlled: controlled.get(r.id) ?? null });
  for (const l of ladders) out.get(l.goodsId)?.ladder.push({ number: l.minNumber, price: l.price, id: l.id });
  return out;
}

export function apiGoods(g: CartGoodsRow, company: CompanyRow): ApiCartGoods & { block: string | null } {
  const block = purchaseBlock(company, g);
  return {
    id: g.id,
    name: g.name,
    sccj: g.sccj,
    ypgg: g.spec,
    goods_image: g.images,
    ck_id: '',
    bzdw: g.bzdw,
    number: Math.max(0, g.stock),
    is_buy: block === null,
    base_price: fenToYuan(g.basePrice),
    ladder_price: [...g.ladder].sort((a, b) => a.number - b.number).map((t) => ({ number: t.number, price: fenToYuan(t.price) })),
    tags: g.tags,
    inner_pack: g.innerPack,
    must_multiple: g.mustMultiple,
    purchase_limit: g.purchaseLimit,
    is_free_shipping: g.isFreeShipping,
    free_shipping_number: g.freeShippingNumber,
    is_ephedrine: g.isEphedrine,
    block: block?.reason ?? null,
  };
}

type CartRow = typeof cartLines.$inferSelect;

/** Builds API lines for cart rows: availability, reason, the charged price for the quantity. */
export async function buildLines(q: Q, company: CompanyRow, rows: readonly CartRow[], lockGoods = false): Promise<ApiCartLine[]> {
  const goodsById = await loadGoods(q, [...new Set(rows.map((r) => r.goodsId))], lockGoods);
  const variants = await variantPrices(q, rows);
  const out: ApiCartLine[] = [];
  for (const r of rows) {
    const g = goodsById.get(r.goodsId);
    if (!g) continue;
    const { block, ...ag } = apiGoods(g, company);
    const variant = variants.get(variantKey(r.goodsId, r.type, r.goodsPriceId)) ?? null;
    let reason: string | undefined;
    if (block) reason = block;
    else if (ag.number <= 0) reason = '商品库存不足';
    else if (r.number > ag.number) reason = `库存仅剩${ag.number}${ag.bzdw}`;
    const unit = variant ?? ladderUnitPrice(pricingGoodsFromApi(ag), r.number);
    const line: ApiCartLine = {
      id: r.id,
      goods: ag,
      price: fenToYuan(unit),
      amount: fenToYuan(unit * r.number),
      number: r.number,
      // SPEC 4: an unbuyable or out-of-stock line is deselected.
      is_selected: r.isSelected && !block && ag.number > 0 ? 1 : 0,
      type: r.type,
      goods_price_id: r.goodsPriceId || null,
      ladder_price_id: r.ladderPriceId,
      goods_manjian_id: r.goodsManjianId,
      is_yj: r.isYj ? 1 : 0,
      variant_price: variant === null ? null : fenToYuan(variant),
    };
    if (reason) line.reason = reason;
    if (r.seenPrice != null && r.seenPrice !== unit) line.price_changed = true;
    out.push(line);
  }
  return out;
}

/** Totals by the price engine. Quantities above stock count at the stock (never sold beyond). */
export function totalsFor(lines: readonly ApiCartLine[], options: CartTotalsOptions = {}): CartTotals {
  return cartTotals(lines.map((l) => pricingLineFromApi(l, Math.min(l.number, l.goods.number))), options);
}

export function apiTotals(t: CartTotals) {
  return {
    selected_count: t.selectedCount,
    selected_quantity: t.selectedQuantity,
    list_amount: fenToYuan(t.listAmountFen),
    goods_amount: fenToYuan(t.goodsAmountFen),
    ladder_saved: fenToYuan(t.discounts.ladderFen),
    full_reduction_amount: fenToYuan(t.discounts.fullReductionFen),
    coupon_amount: fenToYuan(t.discounts.couponFen),
    cash_voucher_amount: fenToYuan(t.discounts.cashVoucherFen),
    discount_amount: fenToYuan(t.discountFen),
    shipping_amount: fenToYuan(t.shippingFen),
    payable_amount: fenToYuan(t.payableFen),
  };
}

async function companyRows(q: Q, companyId: number, ids?: readonly number[]): Promise<CartRow[]> {
  const where = ids ? and(eq(cartLines.companyId, companyId), inArray(cartLines.id, [...ids])) : eq(cartLines.companyId, companyId);
  return q.select().from(cartLines).where(where).orderBy(asc(cartLines.id));
}

export type CartState = ReturnType<typeof stateOf>;

function stateOf(all: ApiCartLine[], filters: number, fullReductions: FullReductionActivity[]) {
  const shown = filters === CART_LIST_FILTER_DEFAULT ? all : all.filter((l) => l.type === filters);
  const t = totalsFor(all, { fullReductions });
  const counts: Record<string, number> = { [CART_LIST_FILTER_DEFAULT]: all.length };
  for (const l of all) counts[l.type] = (counts[l.type] ?? 0) + 1;
  return {
    action: 'list',
    data: shown,
    shipping_data: {
      shipping_amount: fenToYuan(t.shipping_data.shipping_amount),
      no_trans_order_amount: fenToYuan(t.shipping_data.no_trans_order_amount),
      group_b_goods_amount: fenToYuan(t.shipping_data.group_b_goods_amount),
    },
    activity_data: {
      manjians: t.fullReductions.flatMap((r) => r.tiers.map((x) => ({ id: r.id, amount: fenToYuan(x.amountFen), reduce: fenToYuan(x.reduceFen), status: x.status }))),
      // the activities themselves, so the cart page prices with exactly what the server uses
      activities: fullReductions.map((a) => ({ id: a.id, scope: a.scope ?? 'lines', tiers: a.tiers.map((x) => ({ amount: fenToYuan(x.amountFen), reduce: fenToYuan(x.reduceFen) })) })),
    },
    filter_data: { filters, counts },
    totals: apiTotals(t),
  };
}

export async function cartState(companyId: number, filters = CART_LIST_FILTER_DEFAULT) {
  const db = await getDb();
  const company = await loadCompany(db, companyId);
  const lines = await buildLines(db, company, await companyRows(db, companyId));
  const state = stateOf(lines, filters, await fullReductionActivities(db, lines));
  // Other stores of the same login: where "copy to store" can send lines.
  const stores = await db.select({ id: companies.id, name: companies.name }).from(companies)
    .where(and(sql`${companies.accountId} = (SELECT account_id FROM companies WHERE id = ${companyId})`, sql`${companies.id} <> ${companyId}`)).orderBy(asc(companies.id));
  return { ...state, other_stores: stores };
}

export async function cartCount(companyId: number): Promise<number> {
  const db = await getDb();
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(cartLines).where(eq(cartLines.companyId, companyId));
  return Number(r?.n ?? 0);
}

export type AddParam = {
  goods_id: number; number: number; price?: string | undefined; type?: number | undefined; goods_price_id?: number | undefined;
  ladder_price_id?: number | undefined; goods_manjian_id?: number | undefined; is_yj?: number | undefined; ck_id?: string | undefined;
};

/**
 * Adds lines (an existing line of the same goods and variant grows). Quantities snap to pack
 * multiples and are capped by stock and limits; unbuyable goods are refused with the reason.
 */
export async function addToCart(companyId: number, params: readonly AddParam[]) {
  const db = await getDb();
  const company = await loadCompany(db, companyId);
  const goodsById = await loadGoods(db, [...new Set(params.map((p) => p.goods_id))]);
  const results: { goods_id: number; number: number; reason?: string }[] = [];
  await db.transaction(async (tx) => {
    for (const [i, p] of params.entries()) {
      const g = goodsById.get(p.goods_id);
      if (!g) throw unprocessable(`params.${i}.goods_id`, '商品不存在或已下架');
      const block = purchaseBlock(company, g);
      if (block) throw unprocessable(`params.${i}.goods_id`, `${g.name}：${block.reason}`);
      const type = p.type === 1 || p.type === 3 ? p.type : 0;
      const goodsPriceId = p.goods_price_id ?? 0;
      const [existing] = await tx.select().from(cartLines).where(and(
        eq(cartLines.companyId, companyId), eq(cartLines.goodsId, g.id), eq(cartLines.type, type), eq(cartLines.goodsPriceId, goodsPriceId),
      )).limit(1);
      const snap = snapQuantity({ stock: g.stock, packMultiple: g.innerPack, mustMultiple: g.mustMultiple, limit: g.purchaseLimit }, (existing?.number ?? 0) + p.number);
      if (snap.quantity < 1) throw unprocessable(`params.${i}.number`, `${g.name}：商品库存不足`);
      const unit = ladderUnitPrice({ basePriceFen: g.basePrice, ladder: g.ladder.map((t) => ({ number: t.number, priceFen: t.price })) }, snap.quantity);
      const values = {
        number: snap.quantity, isSelected: true, ladderPriceId: p.ladder_price_id ?? null, goodsManjianId: p.goods_manjian_id ?? null,
        isYj: p.is_yj === 1, ckId: p.ck_id ?? '', seenPrice: unit, updatedAt: new Date(),
      };
      if (existing) await tx.update(cartLines).set(values).where(eq(cartLines.id, existing.id));
      else {
        await tx.insert(cartLines).values({ companyId, goodsId: g.id, type, goodsPriceId, ...values })
          .onConflictDoUpdate({ target: [cartLines.companyId, cartLines.goodsId, cartLines.type, cartLines.goodsPriceId], set: values });
      }
      results.push(snap.reason ? { goods_id: g.id, number: snap.quantity, reason: snap.reason } : { goods_id: g.id, number: snap.quantity });
    }
  });
  return { lines: results, total: await cartCount(companyId) };
}

async function ownLine(q: Q, companyId: number, id: number): Promise<CartRow> {
  const [row] = await q.select().from(cartLines).where(and(eq(cartLines.id, id), eq(cartLines.companyId, companyId))).limit(1);
  if (!row) throw notFound('购物车中没有该商品');
  return row;
}

/** Sets a line's quantity (snapped); answers the line as priced now plus the cart state. */
export async function editLine(companyId: number, id: number, requested: number) {
  const db = await getDb();
  const row = await ownLine(db, companyId, id);
  const gm = await loadGoods(db, [row.goodsId]);
  const g = gm.get(row.goodsId);
  if (!g) throw notFound('商品不存在或已下架');
  const snap = snapQuantity({ stock: g.stock, packMultiple: g.innerPack, mustMultiple: g.mustMultiple, limit: g.purchaseLimit }, requested);
  if (snap.quantity < 1) throw unprocessable('params.number', '商品库存不足');
  const unit = ladderUnitPrice({ basePriceFen: g.basePrice, ladder: g.ladder.map((t) => ({ number: t.number, priceFen: t.price })) }, snap.quantity);
  await db.update(cartLines).set({ number: snap.quantity, seenPrice: unit, updatedAt: new Date() }).where(eq(cartLines.id, id));
  const state = await cartState(companyId);
  return { number: snap.quantity, reason: snap.reason ?? null, line: state.data.find((l) => l.id === id) ?? null, cart: state };
}

export async function deleteLines(companyId: number, ids: readonly number[]) {
  const db = await getDb();
  const gone = await db.delete(cartLines).where(and(eq(cartLines.companyId, companyId), inArray(cartLines.id, [...ids]))).returning({ id: cartLines.id });
  if (gone.length === 0) throw notFound('购物车中没有该商品');
  return { deleted: gone.length, total: await cartCount(companyId) };
}

export async function selectLines(companyId: number, ids: readonly number[], selected: boolean) {
  const db = await getDb();
  const rows = await db.update(cartLines).set({ isSelected: selected }).where(and(eq(cartLines.companyId, companyId), inArray(cartLines.id, [...ids]))).returning({ id: cartLines.id });
  if (rows.length === 0) throw notFound('购物车中没有该商品');
  return cartState(companyId);
}

/** 一键加购: one pack (or one unit) of the goods. */
export async function quickAdd(companyId: number, goodsId: number) {
  const db = await getDb();
  const g = (await loadGoods(db, [goodsId])).get(goodsId);
  if (!g) throw notFound('商品不存在或已下架');
  return addToCart(companyId, [{ goods_id: goodsId, number: g.mustMultiple ? Math.max(1, g.innerPack) : 1 }]);
}

/** Copies lines to other stores of the same login. */
export async function copyLines(accountId: number, companyId: number, ids: readonly number[], otherIds: readonly number[]) {
  const db = await getDb();
  const rows = await companyRows(db, companyId, ids);
  if (rows.length === 0) throw notFound('购物车中没有该商品');
  const targets = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.accountId, accountId), inArray(companies.id, [...otherIds])));
  const targetIds = targets.map((t) => t.id).filter((id) => id !== companyId);
  if (targetIds.length !== new Set(otherIds.filter((id) => id !== companyId)).size || targetIds.length === 0) throw notFound('门店不存在');
  const out: Record<number, unknown> = {};
  for (const t of targetIds) {
    out[t] = await addToCart(t, rows.map((r) => ({ goods_id: r.goodsId, number: r.number, type: r.type, goods_price_id: r.goodsPriceId || undefined })));
  }
  return { copied: rows.length, stores: targetIds };
}

/** Cart rows for checkout: given ids (own) or all selected ones; priced and with availability. */
export async function checkoutLines(q: Q, company: CompanyRow, ids: readonly number[] | null, lockGoods = false): Promise<ApiCartLine[]> {
  const rows = await companyRows(q, company.id, ids ?? undefined);
  if (ids && rows.length !== new Set(ids).size) throw notFound('购物车中没有该商品');
  const chosen = ids ? rows : rows.filter((r) => r.isSelected);
  return buildLines(q, company, chosen, lockGoods);
}

/** What to add to reach the next ladder tier, the free-shipping threshold or a per-goods free shipping. */
export async function nextHint(companyId: number) {
  const state = await cartState(companyId);
  const lines = state.data.map((l) => {
    const g = pricingGoodsFromApi(l.goods);
    const lh = ladderHint(g, l.number);
    const fs = freeShippingHint(g, l.number);
    return {
      id: l.id,
      goods_id: l.goods.id,
      ladder: lh.state === 'reached' ? { state: 'reached' } : lh.nextNumber !== undefined
        ? { state: lh.state, short_by: lh.shortBy, next_number: lh.nextNumber, next_price: fenToYuan(lh.nextPriceFen ?? 0) }
        : { state: 'none' },
      free_shipping: fs.eligible ? { reached: fs.reached, short_by: fs.shortBy } : null,
    };
  });
  return {
    free_shipping: { short_amount: state.shipping_data.no_trans_order_amount, shipping_amount: state.shipping_data.shipping_amount },
    manjians: state.activity_data.manjians,
    lines,
  };
}

/**
 * /kjcg: adds many pasted lines at once. Each line resolves by goods code, else by exact name,
 * else by name prefix; lines that cannot be resolved or bought come back with the reason.
 */
export async function quickPaste(companyId: number, text: string) {
  const db = await getDb();
  const lines = text.split(/\r?\n/).map(parseQuickLine).filter((l): l is { query: string; number: number } => l !== null);
  const added: { query: string; goods_id: number; name: string; number: number; reason?: string }[] = [];
  const failed: { query: string; reason: string }[] = [];
  for (const l of lines) {
    const [g] = await db.select({ id: goods.id, name: goods.name }).from(goods)
      .where(sql`${goods.code} = ${l.query} OR ${goods.name} = ${l.query} OR ${goods.name} LIKE ${l.query.replace(/[%_\\]/g, '\\$&') + '%'}`)
      .orderBy(sql`(${goods.code} = ${l.query}) DESC`, sql`(${goods.name} = ${l.query}) DESC`, desc(goods.sales), asc(goods.id)).limit(1);
    if (!g) { failed.push({ query: l.query, reason: '未找到该商品' }); continue; }
    try {
      const r = await addToCart(companyId, [{ goods_id: g.id, number: l.number }]);
      const first = r.lines[0]!;
      added.push(first.reason ? { query: l.query, goods_id: g.id, name: g.name, number: first.number, reason: first.reason } : { query: l.query, goods_id: g.id, name: g.name, number: first.number });
    } catch (e) {
      if (e instanceof Error && 'status' in e) failed.push({ query: l.query, reason: e.message });
      else throw e;
    }
  }
  return { added, failed, total: await cartCount(companyId) };
}
