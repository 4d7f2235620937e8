// Cart rows → priced cart lines: availability, the reason a line cannot be bought, the charged
// price for its quantity (SPEC 3 "Cart state", SPEC 4).
import { buyerBasePrice, ladderBelow } from '#/lib/rankPrice.ts';
import { CART_LINE_TYPES } from '#/lib/constants.ts';
import { giftsFor } from '#/lib/pricing/gifts.ts';
import { purchaseBlock, type BuyerCompany } from '#/server/eligibility.ts';
import { notFound } from '#/server/errors.ts';
import { effectiveManjianId } from '#/server/promotions/fullReduction.ts';
import {
  loadCombinations,
  packsInStock,
  type CombinationPack,
} from '#/server/promotions/combinations.ts';
import type { GiftRuleRow } from '#/server/promotions/gifts.ts';
import { loadVariants, variantProblem, type VariantInfo } from '#/server/promotions/variants.ts';
import { welfareEligible } from '#/server/promotions/welfare.ts';
import type { CartCatalogue } from './catalogue.ts';
import { companyRows, type CartGoodsRow, type CartRow, type Q } from './load.ts';
import type { CartGoods, CartItem } from './model.ts';
import { priced } from './price.ts';

/** The goods as this buyer may buy it, at its rank's price (lib/rankPrice); `block` says why not. */
export function cartGoods(
  g: CartGoodsRow,
  block: string | null,
  rank: number | undefined,
): CartGoods {
  const basePriceFen = buyerBasePrice(g, rank);
  return {
    id: g.id,
    name: g.name,
    manufacturer: g.sccj,
    spec: g.spec,
    images: g.images,
    unit: g.bzdw,
    stock: Math.max(0, g.stock),
    isBuy: block === null,
    basePriceFen,
    ladder: ladderBelow(g.ladder, basePriceFen)
      .sort((a, b) => a.number - b.number)
      .map((t) => ({ number: t.number, priceFen: t.price })),
    packMultiple: g.innerPack,
    mustMultiple: g.mustMultiple,
    limit: g.purchaseLimit || null,
    isFreeShipping: g.isFreeShipping,
    freeShippingNumber: g.freeShippingNumber,
    tags: g.tags,
    isEphedrine: g.isEphedrine,
  };
}

const isCombination = (r: CartRow) => r.type === CART_LINE_TYPES.combination;

/**
 * Priced lines for cart rows, the goods and their promotions read from `from`; a row whose goods
 * or combination is gone is left out.
 */
export async function buildLines(
  q: Q,
  company: BuyerCompany,
  rows: readonly CartRow[],
  from: CartCatalogue,
): Promise<CartItem[]> {
  const goodsRows = rows.filter((r) => !isCombination(r));
  const combos = await loadCombinations(
    q,
    rows.filter(isCombination).map((r) => r.goodsPriceId),
  );
  const goodsIds = new Set(rows.map((r) => r.goodsId));
  for (const c of combos.values()) for (const i of c.items) goodsIds.add(i.goodsId);
  const goodsById = await from.goods([...goodsIds]);
  const variants = await loadVariants(
    q,
    company.id,
    goodsRows.map((r) => r.goodsPriceId),
  );
  const ownIds = goodsRows.map((r) => r.goodsId);
  const membership = await from.fullReductionIds(ownIds);
  const gifts = await from.gifts(ownIds);
  const held = await from.discountedStock(ownIds);
  const out: CartItem[] = [];
  for (const r of rows) {
    const line = isCombination(r)
      ? comboLine(r, combos.get(r.goodsPriceId), goodsById, company)
      : goodsLine(
          r,
          goodsById.get(r.goodsId),
          company,
          variants,
          membership.get(r.goodsId),
          gifts.get(r.goodsId),
          held.get(r.goodsId) ?? 0,
        );
    if (line) out.push(line);
  }
  return out;
}

function goodsLine(
  r: CartRow,
  g: CartGoodsRow | undefined,
  company: BuyerCompany,
  variants: Map<number, VariantInfo>,
  memberOf: number[] | undefined,
  gift: GiftRuleRow | undefined,
  /** units on lots the near-expiry zone discounts (orders/lotChoice.ts) */
  held: number,
): CartItem | null {
  if (!g) return null;
  const block = purchaseBlock(company, g)?.reason ?? null;
  const goods = cartGoods(g, block, company.rank);
  let notice: string | null = null;
  let variant: VariantInfo | null = null;
  if (r.goodsPriceId > 0) {
    const v = variants.get(r.goodsPriceId);
    const problem = variantProblem(v, r.goodsId, r.type);
    if (problem) notice = problem;
    else variant = v!;
  }
  // A near-expiry variant sells one lot: its stock is the lot's; its price replaces the ladder.
  // Any other line never receives the lots the zone discounts.
  if (variant?.lotStock != null) goods.stock = Math.min(goods.stock, variant.lotStock);
  else goods.stock = Math.max(0, goods.stock - held);
  if (variant) goods.ladder = [];
  let reason: string | null = null;
  if (block) reason = block;
  else if (goods.stock <= 0 && held > 0) reason = '常规效期已售完，请到近效期专场按特价购买';
  else if (goods.stock <= 0) reason = '商品库存不足';
  else if (r.number > goods.stock)
    reason = `库存仅剩${goods.stock}${goods.unit}${held > 0 && variant?.lotStock == null ? '（其余为近效期特价批次）' : ''}`;
  const counted = Math.min(r.number, goods.stock);
  const welfare = r.isWelfare && welfareEligible(g, r.type, variant !== null);
  const giftTotal = gift ? giftsFor(gift, counted) : 0;
  return priced(
    {
      id: r.id,
      type: r.type,
      goods,
      quantity: r.number,
      // SPEC 4: an unbuyable or out-of-stock line is deselected.
      selected: r.isSelected && !block && goods.stock > 0,
      goodsPriceId: r.goodsPriceId || null,
      ladderPriceId: r.ladderPriceId,
      manjianId: effectiveManjianId(r.goodsManjianId, memberOf),
      isYj: r.isYj,
      variantPriceFen: variant?.priceFen ?? null,
      variantLimit: variant?.limitLeft ?? null,
      welfare,
      gift: giftTotal > 0 ? { total: giftTotal, type: 1, name: gift!.name } : null,
      combination: null,
      reason,
      notice,
      nearExpiryHeld: variant?.lotStock != null ? 0 : held,
    },
    r.seenPrice,
  );
}

function comboLine(
  r: CartRow,
  c: CombinationPack | undefined,
  goodsById: Map<number, CartGoodsRow>,
  company: BuyerCompany,
): CartItem | null {
  if (!c) return null;
  const items = c.items.flatMap((i) => {
    const g = goodsById.get(i.goodsId);
    if (!g) return [];
    const block = purchaseBlock(company, g)?.reason ?? null;
    return [{ g, block, goods: cartGoods(g, block, company.rank), number: i.number }];
  });
  if (items.length !== c.items.length) return null;
  const blocked = items.find((i) => i.block);
  const packs = packsInStock(items.map((i) => ({ number: i.number, stock: i.goods.stock })));
  const first = items[0]!;
  const pack: CartGoods = {
    id: c.id,
    name: c.name,
    manufacturer: '组合购',
    spec: items.map((i) => `${i.g.name}×${i.number}`).join(' + '),
    images: first.goods.images,
    unit: '套',
    stock: packs,
    isBuy: !blocked,
    basePriceFen: items.reduce((s, i) => s + i.g.basePrice * i.number, 0),
    ladder: [],
    packMultiple: 1,
    mustMultiple: false,
    limit: null,
    isFreeShipping: false,
    freeShippingNumber: 0,
    tags: ['组合购'],
    isEphedrine: items.some((i) => i.g.isEphedrine),
  };
  let reason: string | null = null;
  if (blocked) reason = `${blocked.g.name}：${blocked.block}`;
  else if (packs <= 0) reason = '组合商品库存不足';
  else if (r.number > packs) reason = `库存仅剩${packs}套`;
  return priced(
    {
      id: r.id,
      type: CART_LINE_TYPES.combination,
      goods: pack,
      quantity: r.number,
      selected: r.isSelected && !blocked && packs > 0,
      goodsPriceId: c.id,
      ladderPriceId: null,
      manjianId: null,
      isYj: false,
      variantPriceFen: c.packPriceFen,
      variantLimit: null,
      welfare: false,
      gift: null,
      combination: {
        id: c.id,
        name: c.name,
        packPriceFen: c.packPriceFen,
        items: items.map((i) => ({ goods: i.goods, number: i.number })),
      },
      reason,
      notice: null,
      nearExpiryHeld: 0,
    },
    r.seenPrice,
  );
}

/** Cart lines for checkout: the given ids (own) or all selected ones; priced, with availability. */
export async function checkoutLines(
  q: Q,
  company: BuyerCompany,
  ids: readonly number[] | null,
  from: CartCatalogue,
): Promise<CartItem[]> {
  const rows = await companyRows(q, company.id, ids ?? undefined);
  if (ids && rows.length !== new Set(ids).size) throw notFound('购物车中没有该商品');
  const chosen = ids ? rows : rows.filter((r) => r.isSelected);
  return buildLines(q, company, chosen, from);
}
