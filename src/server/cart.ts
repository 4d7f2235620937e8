// The company's cart: lines, their state for the page (SPEC 3 "Cart state") and edits.
// Prices come from the ONE engine (lib/pricing.ts) through lib/cartLine.ts; the server alone
// decides what is charged (orders.ts re-prices inside the order transaction).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from './db/client.ts';
import { cartLines, companies, goods, ladderPrices } from './db/schema/index.ts';
import { loadBuyer, loadControlledRules, purchaseBlock, type BuyerCompany, type ControlledRule } from './eligibility.ts';
import { notFound, unprocessable } from './http/errors.ts';
import { fenToYuan, yuanToFen } from '../lib/money.ts';
import {
  cartTotals, freeShippingHint, giftsFor, ladderHint, ladderUnitPrice, priceLine, snapQuantity, type CartTotals,
  type CartTotalsOptions, type FullReductionActivity,
} from '../lib/pricing.ts';
import {
  effectiveManjianId, loadCombinations, loadGiftRules, loadManjian, loadVariants, manjianMembership, packsInStock,
  variantProblem, welfareEligible, type CombinationPack, type GiftRuleRow, type VariantInfo,
} from './promo.ts';
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

/** Price variants (goods_prices) of the rows: window, per-company limit left, lot stock. */
export async function variantPrices(q: Q, companyId: number, rows: readonly { type: number; goodsPriceId: number }[]): Promise<Map<number, VariantInfo>> {
  return loadVariants(q, companyId, rows.filter((r) => r.type !== 3).map((r) => r.goodsPriceId));
}

/**
 * The full-reduction (满减) activities the lines take part in. buildLines has already set each
 * line's goods_manjian_id to the activity it really belongs to (effectiveManjianId), so the cart
 * state, the confirm step and the order transaction all price with the same activities.
 */
export async function fullReductionActivities(q: Q, lines: readonly ApiCartLine[]): Promise<(FullReductionActivity & { name: string })[]> {
  return loadManjian(q, lines.flatMap((l) => (l.type !== 3 && l.goods_manjian_id !== null ? [l.goods_manjian_id] : [])));
}

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
  const combos = await loadCombinations(q, rows.filter((r) => r.type === 3).map((r) => r.goodsPriceId));
  const goodsIds = new Set(rows.map((r) => r.goodsId));
  for (const c of combos.values()) for (const i of c.items) goodsIds.add(i.goodsId);
  const goodsById = await loadGoods(q, [...goodsIds], lockGoods);
  const variants = await variantPrices(q, company.id, rows);
  const membership = await manjianMembership(q, rows.filter((r) => r.type !== 3).map((r) => r.goodsId));
  const gifts = await loadGiftRules(q, rows.filter((r) => r.type !== 3).map((r) => r.goodsId));
  const out: ApiCartLine[] = [];
  for (const r of rows) {
    const line = r.type === 3
      ? comboLine(r, combos.get(r.goodsPriceId), goodsById, company)
      : goodsLine(r, goodsById.get(r.goodsId), company, variants, membership.get(r.goodsId), gifts.get(r.goodsId));
    if (line) out.push(line);
  }
  return out;
}

function withAmount(line: ApiCartLine): ApiCartLine {
  const p = priceLine(pricingLineFromApi(line, Math.min(line.number, line.goods.number)));
  return { ...line, price: fenToYuan(p.unitPriceFen), amount: fenToYuan(p.amountFen) };
}

function goodsLine(
  r: CartRow, g: CartGoodsRow | undefined, company: CompanyRow, variants: Map<number, VariantInfo>,
  memberOf: number[] | undefined, gift: GiftRuleRow | undefined,
): ApiCartLine | null {
  if (!g) return null;
  const { block, ...ag } = apiGoods(g, company);
  let notice: string | undefined;
  let variant: VariantInfo | null = null;
  if (r.goodsPriceId > 0) {
    const v = variants.get(r.goodsPriceId);
    const problem = variantProblem(v, r.goodsId, r.type);
    if (problem) notice = problem;
    else variant = v!;
  }
  // A near-expiry variant sells one lot: its stock is the lot's; its price replaces the ladder.
  if (variant?.lotStock != null) ag.number = Math.min(ag.number, variant.lotStock);
  if (variant) ag.ladder_price = [];
  let reason: string | undefined;
  if (block) reason = block;
  else if (ag.number <= 0) reason = '商品库存不足';
  else if (r.number > ag.number) reason = `库存仅剩${ag.number}${ag.bzdw}`;
  const counted = Math.min(r.number, ag.number);
  const welfare = r.isWelfare && welfareEligible(g, r.type, variant !== null);
  const giftTotal = gift ? giftsFor(gift, counted) : 0;
  const line: ApiCartLine = {
    id: r.id,
    goods: ag,
    price: '0.00',
    amount: '0.00',
    number: r.number,
    // SPEC 4: an unbuyable or out-of-stock line is deselected.
    is_selected: r.isSelected && !block && ag.number > 0 ? 1 : 0,
    type: r.type,
    goods_price_id: r.goodsPriceId || null,
    ladder_price_id: r.ladderPriceId,
    goods_manjian_id: effectiveManjianId(r.goodsManjianId, memberOf),
    is_yj: r.isYj ? 1 : 0,
    variant_price: variant === null ? null : fenToYuan(variant.priceFen),
    variant_limit: variant?.limitLeft ?? null,
    is_welfare: welfare ? 1 : 0,
    gift_data: giftTotal > 0 ? { total: giftTotal, type: 1, name: gift!.name } : null,
  };
  if (reason) line.reason = reason;
  if (notice) line.notice = notice;
  const priced = withAmount(line);
  if (r.seenPrice != null && r.seenPrice !== yuanToFen(priced.price)) priced.price_changed = true;
  return priced;
}

/** A type 3 line: goods describes the pack (id = combination id, number = packs in stock). */
function comboLine(r: CartRow, c: CombinationPack | undefined, goodsById: Map<number, CartGoodsRow>, company: CompanyRow): ApiCartLine | null {
  if (!c) return null;
  const items = c.items.flatMap((i) => {
    const g = goodsById.get(i.goodsId);
    return g ? [{ g, api: apiGoods(g, company), number: i.number }] : [];
  });
  if (items.length !== c.items.length) return null;
  const blocked = items.find((i) => i.api.block);
  const packs = packsInStock(items.map((i) => ({ number: i.number, stock: i.api.number })));
  const listFen = items.reduce((s, i) => s + i.g.basePrice * i.number, 0);
  const first = items[0]!;
  const goods: ApiCartGoods = {
    id: c.id, name: c.name, sccj: '组合购', ypgg: items.map((i) => `${i.g.name}×${i.number}`).join(' + '),
    goods_image: first.api.goods_image, ck_id: '', bzdw: '套', number: packs, is_buy: !blocked,
    base_price: fenToYuan(listFen), ladder_price: [], tags: ['组合购'], inner_pack: 1, must_multiple: false,
    purchase_limit: 0, is_free_shipping: false, free_shipping_number: 0, is_ephedrine: items.some((i) => i.g.isEphedrine),
  };
  let reason: string | undefined;
  if (blocked) reason = `${blocked.g.name}：${blocked.api.block}`;
  else if (packs <= 0) reason = '组合商品库存不足';
  else if (r.number > packs) reason = `库存仅剩${packs}套`;
  const line: ApiCartLine = {
    id: r.id, goods, price: '0.00', amount: '0.00', number: r.number,
    is_selected: r.isSelected && !blocked && packs > 0 ? 1 : 0,
    type: 3, goods_price_id: c.id, ladder_price_id: null, goods_manjian_id: null, is_yj: 0,
    variant_price: fenToYuan(c.packPriceFen), variant_limit: null, is_welfare: 0, gift_data: null,
    combination: { id: c.id, name: c.name, items: items.map((i) => ({ goods: withoutBlock(i.api), number: i.number })) },
  };
  if (reason) line.reason = reason;
  const priced = withAmount(line);
  if (r.seenPrice != null && r.seenPrice !== c.packPriceFen) priced.price_changed = true;
  return priced;
}

function withoutBlock(g: ApiCartGoods & { block: string | null }): ApiCartGoods {
  const { block: _block, ...rest } = g;
  return rest;
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

function stateOf(all: ApiCartLine[], filters: number, fullReductions: (FullReductionActivity & { name: string })[]) {
  const names = new Map<number | string, string>(fullReductions.map((a) => [a.id, a.name]));
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
      // every tier of the activities the lines take part in: reached tiers (status 1) first
      manjians: t.fullReductions
        .flatMap((r) => r.tiers.map((x) => ({ id: r.id, name: names.get(r.id) ?? '', amount: fenToYuan(x.amountFen), reduce: fenToYuan(x.reduceFen), status: x.status, subtotal: fenToYuan(r.subtotalFen) })))
        .sort((a, b) => b.status - a.status),
      // the activities themselves, so the cart page prices with exactly what the server uses
      activities: fullReductions.map((a) => ({ id: a.id, name: names.get(a.id) ?? '', scope: a.scope ?? 'lines', tiers: a.tiers.map((x) => ({ amount: fenToYuan(x.amountFen), reduce: fenToYuan(x.reduceFen) })) })),
    },
    filter_data: { filters, counts },
    totals: { ...apiTotals(t), welfare_amount: fenToYuan(t.discounts.welfareFen), gift_total: t.giftTotal },
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
  is_welfare?: number | undefined;
};

type AddResult = { goods_id: number; number: number; reason?: string };

/**
 * Adds lines (an existing line of the same goods and variant grows). Quantities snap to pack
 * multiples and are capped by stock and limits; unbuyable goods are refused with the reason.
 * A type 3 line names a combination in goods_id. A variant that is unknown or over falls back
 * to a normal line, with the reason in the answer.
 */
export async function addToCart(companyId: number, params: readonly AddParam[]) {
  const db = await getDb();
  const company = await loadCompany(db, companyId);
  const combos = await loadCombinations(db, params.filter((p) => p.type === 3).map((p) => p.goods_id));
  const ids = new Set(params.filter((p) => p.type !== 3).map((p) => p.goods_id));
  for (const c of combos.values()) for (const i of c.items) ids.add(i.goodsId);
  const goodsById = await loadGoods(db, [...ids]);
  const variants = await loadVariants(db, companyId, params.filter((p) => p.type !== 3).map((p) => p.goods_price_id ?? 0));
  const results: AddResult[] = [];
  await db.transaction(async (tx) => {
    for (const [i, p] of params.entries()) {
      results.push(p.type === 3
        ? await addCombination(tx, company, p, i, combos.get(p.goods_id), goodsById)
        : await addGoods(tx, company, p, i, goodsById.get(p.goods_id), variants));
    }
  });
  return { lines: results, total: await cartCount(companyId) };
}

async function upsertLine(tx: Tx, companyId: number, key: { goodsId: number; type: number; goodsPriceId: number }, grow: (had: number) => number, values: Partial<typeof cartLines.$inferInsert>) {
  const [existing] = await tx.select().from(cartLines).where(and(
    eq(cartLines.companyId, companyId), eq(cartLines.goodsId, key.goodsId), eq(cartLines.type, key.type), eq(cartLines.goodsPriceId, key.goodsPriceId),
  )).limit(1);
  const number = grow(existing?.number ?? 0);
  if (number < 1) return 0;
  const set = { ...values, number, isSelected: true, updatedAt: new Date() };
  if (existing) await tx.update(cartLines).set(set).where(eq(cartLines.id, existing.id));
  else {
    await tx.insert(cartLines).values({ companyId, ...key, ...set })
      .onConflictDoUpdate({ target: [cartLines.companyId, cartLines.goodsId, cartLines.type, cartLines.goodsPriceId], set });
  }
  return number;
}

async function addGoods(tx: Tx, company: CompanyRow, p: AddParam, i: number, g: CartGoodsRow | undefined, variants: Map<number, VariantInfo>): Promise<AddResult> {
  if (!g) throw unprocessable(`params.${i}.goods_id`, '商品不存在或已下架');
  const block = purchaseBlock(company, g);
  if (block) throw unprocessable(`params.${i}.goods_id`, `${g.name}：${block.reason}`);
  let type = p.type === 1 ? 1 : 0;
  let goodsPriceId = p.goods_price_id ?? 0;
  let fallback: string | undefined;
  let variant: VariantInfo | null = null;
  if (goodsPriceId > 0 || type === 1) {
    const v = variants.get(goodsPriceId);
    const problem = variantProblem(v, g.id, type);
    if (problem) { fallback = problem; type = 0; goodsPriceId = 0; } else variant = v!;
  }
  const stock = variant?.lotStock != null ? Math.min(g.stock, variant.lotStock) : g.stock;
  let snap: ReturnType<typeof snapQuantity> = { quantity: 0 };
  const number = await upsertLine(tx, company.id, { goodsId: g.id, type, goodsPriceId }, (had) => {
    snap = snapQuantity({ stock, packMultiple: g.innerPack, mustMultiple: g.mustMultiple, limit: g.purchaseLimit }, had + p.number);
    return snap.quantity;
  }, {
    ladderPriceId: p.ladder_price_id ?? null, goodsManjianId: p.goods_manjian_id ?? null, isYj: variant?.kind === 'yj',
    isWelfare: p.is_welfare === 1, ckId: p.ck_id ?? '', seenPrice: null,
  });
  if (number < 1) throw unprocessable(`params.${i}.number`, `${g.name}：商品库存不足`);
  await tx.update(cartLines).set({ seenPrice: seenUnit(g, variant, number) })
    .where(and(eq(cartLines.companyId, company.id), eq(cartLines.goodsId, g.id), eq(cartLines.type, type), eq(cartLines.goodsPriceId, goodsPriceId)));
  const reason = fallback ?? (snap as { reason?: string }).reason;
  return reason ? { goods_id: g.id, number, reason } : { goods_id: g.id, number };
}

/** The unit price the buyer sees for a line now (the engine's unit price; a later change is flagged). */
function seenUnit(g: CartGoodsRow, variant: VariantInfo | null, quantity: number): number {
  if (variant) return variant.priceFen;
  return ladderUnitPrice({ basePriceFen: g.basePrice, ladder: g.ladder.map((t) => ({ number: t.number, priceFen: t.price })) }, quantity);
}

async function addCombination(tx: Tx, company: CompanyRow, p: AddParam, i: number, c: CombinationPack | undefined, goodsById: Map<number, CartGoodsRow>): Promise<AddResult> {
  if (!c) throw unprocessable(`params.${i}.goods_id`, '组合不存在或已下架');
  const items = c.items.map((it) => ({ g: goodsById.get(it.goodsId), number: it.number }));
  for (const it of items) {
    if (!it.g) throw unprocessable(`params.${i}.goods_id`, '组合商品不存在或已下架');
    const block = purchaseBlock(company, it.g);
    if (block) throw unprocessable(`params.${i}.goods_id`, `${it.g.name}：${block.reason}`);
  }
  const packs = packsInStock(items.map((it) => ({ number: it.number, stock: it.g!.stock })));
  let snap: ReturnType<typeof snapQuantity> = { quantity: 0 };
  const number = await upsertLine(tx, company.id, { goodsId: c.items[0]!.goodsId, type: 3, goodsPriceId: c.id }, (had) => {
    snap = snapQuantity({ stock: packs }, had + p.number);
    return snap.quantity;
  }, { seenPrice: c.packPriceFen, ckId: '', isWelfare: false, goodsManjianId: null, ladderPriceId: null, isYj: false });
  if (number < 1) throw unprocessable(`params.${i}.number`, `${c.name}：组合商品库存不足`);
  const reason = (snap as { reason?: string }).reason;
  return reason ? { goods_id: c.id, number, reason } : { goods_id: c.id, number };
}

async function ownLine(q: Q, companyId: number, id: number): Promise<CartRow> {
  const [row] = await q.select().from(cartLines).where(and(eq(cartLines.id, id), eq(cartLines.companyId, companyId))).limit(1);
  if (!row) throw notFound('购物车中没有该商品');
  return row;
}

/** Sets a line's quantity (snapped to packs, stock, the variant's lot); answers the line and the cart state. */
export async function editLine(companyId: number, id: number, requested: number) {
  const db = await getDb();
  const row = await ownLine(db, companyId, id);
  const company = await loadCompany(db, companyId);
  const [before] = await buildLines(db, company, [row]);
  if (!before) throw notFound('商品不存在或已下架');
  const g = before.goods;
  const snap = snapQuantity({ stock: g.number, packMultiple: g.inner_pack, mustMultiple: g.must_multiple, limit: g.purchase_limit }, requested);
  if (snap.quantity < 1) throw unprocessable('params.number', '商品库存不足');
  const [after] = await buildLines(db, company, [{ ...row, number: snap.quantity, seenPrice: null }]);
  await db.update(cartLines).set({ number: snap.quantity, seenPrice: yuanToFen(after!.price), updatedAt: new Date() }).where(eq(cartLines.id, id));
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
    out[t] = await addToCart(t, rows.map((r) => (r.type === 3
      ? { goods_id: r.goodsPriceId, number: r.number, type: 3 }
      : { goods_id: r.goodsId, number: r.number, type: r.type, goods_price_id: r.goodsPriceId || undefined, goods_manjian_id: r.goodsManjianId ?? undefined, is_welfare: r.isWelfare ? 1 : 0 })));
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

/**
 * What to add to reach the next ladder tier (per line), the next full-reduction tier (per
 * activity the cart takes part in) and free shipping (order threshold or a line's own quantity).
 */
export async function nextHint(companyId: number) {
  const db = await getDb();
  const company = await loadCompany(db, companyId);
  const all = await buildLines(db, company, await companyRows(db, companyId));
  const activities = await fullReductionActivities(db, all);
  const t = totalsFor(all, { fullReductions: activities });
  const lines = all.filter((l) => l.type !== 3 && l.variant_price === null).map((l) => {
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
  const full_reductions = t.fullReductions.map((r) => ({
    id: r.id,
    name: activities.find((a) => a.id === r.id)?.name ?? '',
    subtotal: fenToYuan(r.subtotalFen),
    applied: r.applied ? { amount: fenToYuan(r.applied.amountFen), reduce: fenToYuan(r.applied.reduceFen) } : null,
    next: r.next ? { amount: fenToYuan(r.next.amountFen), reduce: fenToYuan(r.next.reduceFen), short_amount: fenToYuan(r.next.shortByFen) } : null,
  }));
  return {
    free_shipping: {
      reached: t.selectedCount > 0 && t.shipping_data.no_trans_order_amount === 0,
      short_amount: fenToYuan(t.shipping_data.no_trans_order_amount),
      shipping_amount: fenToYuan(t.shipping_data.shipping_amount),
    },
    full_reductions,
    manjians: full_reductions.flatMap((r) => (r.next ? [{ id: r.id, amount: r.next.amount, reduce: r.next.reduce, short_amount: r.next.short_amount }] : [])),
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
