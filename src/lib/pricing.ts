// THE price engine: the cart page in the browser and the server that charges both call this.
// Pure and isomorphic; all money is integer fen; every step that can make a fraction floors.
//
// Order of a cart total (cartTotals):
//   1. each line's amount at its charged unit price: ladder price for its quantity, the fixed
//      variant price (goods_price_id: daily special / near-expiry / is_yj), the flash price
//      (type 1, up to the per-user limit), or the pack price (type 3 combination, quantity = packs)
//      → goodsAmountFen = Σ line amounts. discounts.ladderFen reports what those prices saved
//      against base price; it is ALREADY inside goodsAmountFen and is NOT subtracted again.
//   2. welfare (/welfare 全场94折) per welfare line: net = floor(amount × rate)
//   3. full reduction (满减) per activity on the net amount of its lines: highest tier reached
//   4. coupon {thresholdFen, reduceFen}: usable when the net amount of coupon-eligible lines
//      (withCoupon !== false) ≥ threshold; never more than what remains
//   5. cash voucher {amountFen}: never more than what remains (does not pay shipping)
//   6. shipping: fee unless a counted line reached its own free-shipping quantity or the goods
//      amount (less group B goods) reaches the rule's threshold
//   payableFen = goodsAmountFen − discountFen + shippingFen, never below shippingFen ≥ 0.
// Only lines that are selected, buyable and in stock count (SPEC 5).

import { DEFAULT_FREE_SHIPPING_THRESHOLD_FEN, DEFAULT_SHIPPING_FEE_FEN, WELFARE_RATE } from './constants.ts';
import { applyRate, mulFen } from './money.ts';

// ---------------------------------------------------------------------------------------------
// Types

/** 阶梯价: from `number` units on, each unit costs `priceFen`. */
export type LadderTier = { number: number; priceFen: number };

export type PricingGoods = {
  id?: number | string;
  /** base price per unit, fen */
  basePriceFen: number;
  ladder?: readonly LadderTier[];
  /** stock units available */
  stock: number;
  /** is_buy: false when the buyer may not buy it (scope, controlled sales, off shelf…) */
  isBuy: boolean;
  /** inner pack (中包装) size */
  packMultiple?: number;
  /** quantities must be multiples of packMultiple (snap up) */
  mustMultiple?: boolean;
  /** per-order maximum (e.g. 含麻黄碱); 0, null or absent = none */
  limit?: number | null;
  isFreeShipping?: boolean;
  /** free shipping for the order when this line's quantity ≥ this */
  freeShippingNumber?: number;
  /** is_b: group B goods do not count toward the shop's free-shipping threshold */
  isGroupB?: boolean;
  tags?: readonly string[];
};

/** gift_data of a cart line: gifts earned by it. */
export type GiftData = { total: number; type: number | string };

type LineCommon = {
  id?: number | string;
  /** is_selected */
  selected: boolean;
  /** units; packs for a combination */
  quantity: number;
  /** goods_manjian_id: the full-reduction activity this line takes part in */
  manjianId?: number | string | null;
  /** with_coupon: false when a coupon cannot be used on this line; default true */
  withCoupon?: boolean;
  /** added from the /welfare zone: the welfare rate applies */
  welfare?: boolean;
  gift?: GiftData | null;
};

export type PriceVariant = 'daily_special' | 'near_expiry' | 'yj';

export type NormalLine = LineCommon & {
  type: 'normal';
  goods: PricingGoods;
  /** fixed price of a price variant (goods_price_id); when set the ladder does not apply */
  priceFen?: number | null;
  goodsPriceId?: number | string | null;
  variant?: PriceVariant | null;
};

/** type 1: flash sale. Units beyond the per-user limit are charged at the normal (ladder) price. */
export type FlashLine = LineCommon & {
  type: 'flash';
  goods: PricingGoods;
  priceFen: number;
  /** how many more this buyer may buy at the flash price; null/absent = no limit */
  userLimit?: number | null;
};

export type CombinationItem = { goods: PricingGoods; /** units per pack */ number: number };
export type Combination = { id?: number | string; packPriceFen: number; items: readonly CombinationItem[] };

/** type 3: a pack of several goods at a pack price; quantity = packs. */
export type CombinationLine = LineCommon & { type: 'combination'; combination: Combination };

export type CartLine = NormalLine | FlashLine | CombinationLine;
export type CartLineType = CartLine['type'];

/** The API's line type code (1 = flash sale, 3 = combination, anything else = normal). */
export function lineTypeFromCode(code: number | string | null | undefined): CartLineType {
  const n = Number(code);
  if (n === 1) return 'flash';
  if (n === 3) return 'combination';
  return 'normal';
}

// ---------------------------------------------------------------------------------------------
// Ladder prices

function isCount(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

/** Valid tiers, ascending by number; for a repeated number the lowest price wins. */
export function sortedLadder(goods: Pick<PricingGoods, 'ladder'>): LadderTier[] {
  const best = new Map<number, number>();
  for (const t of goods.ladder ?? []) {
    if (!isCount(t.number) || !isCount(t.priceFen) || t.number < 1 || t.priceFen < 0) continue;
    const prev = best.get(t.number);
    if (prev === undefined || t.priceFen < prev) best.set(t.number, t.priceFen);
  }
  return [...best.entries()].sort((a, b) => a[0] - b[0]).map(([number, priceFen]) => ({ number, priceFen }));
}

/** The highest tier whose number ≤ qty, or null. */
function reachedTier(tiers: readonly LadderTier[], qty: number): LadderTier | null {
  let reached: LadderTier | null = null;
  for (const t of tiers) if (t.number <= qty) reached = t;
  return reached;
}

/** Unit price for qty units: the highest ladder tier reached, else the base price. */
export function ladderUnitPrice(goods: Pick<PricingGoods, 'basePriceFen' | 'ladder'>, qty: number): number {
  return reachedTier(sortedLadder(goods), qty)?.priceFen ?? goods.basePriceFen;
}

export type LadderHint =
  /** no ladder at all, or (with next*) no tier reached yet: nextNumber is the first tier */
  | { state: 'none'; nextNumber?: number; nextPriceFen?: number; shortBy?: number }
  /** a tier is reached and a higher one exists: buy shortBy more to get nextPriceFen */
  | {
      state: 'next';
      reachedNumber: number;
      reachedPriceFen: number;
      nextNumber: number;
      nextPriceFen: number;
      shortBy: number;
    }
  /** the highest tier is reached */
  | { state: 'reached'; reachedNumber: number; reachedPriceFen: number };

export function ladderHint(goods: Pick<PricingGoods, 'ladder'>, qty: number): LadderHint {
  const tiers = sortedLadder(goods);
  if (tiers.length === 0) return { state: 'none' };
  const reached = reachedTier(tiers, qty);
  const next = tiers.find((t) => t.number > qty);
  if (!reached) {
    const first = tiers[0]!;
    return { state: 'none', nextNumber: first.number, nextPriceFen: first.priceFen, shortBy: first.number - qty };
  }
  if (next) {
    return {
      state: 'next',
      reachedNumber: reached.number,
      reachedPriceFen: reached.priceFen,
      nextNumber: next.number,
      nextPriceFen: next.priceFen,
      shortBy: next.number - qty,
    };
  }
  return { state: 'reached', reachedNumber: reached.number, reachedPriceFen: reached.priceFen };
}

// ---------------------------------------------------------------------------------------------
// Quantity snapping

export const SNAP_REASONS = {
  min: '购买数量最少为1',
  pack: '已按中包装倍数调整',
  stock: '库存不足',
  limit: '超出限购数量',
} as const;

export type SnapResult = { quantity: number; reason?: string };

/**
 * Snaps a requested quantity: an integer ≥ 1, rounded UP to a multiple of the inner pack when
 * mustMultiple, then capped by stock, goods.limit and options.maxQuantity (e.g. a flash sale's
 * per-user limit), rounding down to a pack multiple under the cap.
 * quantity is 0 only when nothing can be bought (no stock, or the cap is below one pack).
 * reason: the last adjustment made, in Chinese (SNAP_REASONS); absent when nothing changed.
 */
export function snapQuantity(
  goods: Pick<PricingGoods, 'stock' | 'packMultiple' | 'mustMultiple' | 'limit'>,
  qty: number,
  options: { maxQuantity?: number | null } = {},
): SnapResult {
  let reason: string | undefined;
  let q = isCount(qty) ? Math.floor(qty) : 0;
  if (q < 1) {
    q = 1;
    reason = SNAP_REASONS.min;
  }
  const packRaw = goods.packMultiple ?? 1;
  const pack = goods.mustMultiple === true && isCount(packRaw) && packRaw > 1 ? Math.floor(packRaw) : 1;
  if (q % pack !== 0) {
    q = Math.ceil(q / pack) * pack;
    reason = SNAP_REASONS.pack;
  }
  const stockCap = isCount(goods.stock) ? Math.max(0, Math.floor(goods.stock)) : 0;
  let limitCap = Number.POSITIVE_INFINITY;
  if (isCount(goods.limit) && goods.limit > 0) limitCap = Math.floor(goods.limit);
  const max = options.maxQuantity;
  if (isCount(max) && max >= 0) limitCap = Math.min(limitCap, Math.floor(max));
  const cap = Math.min(stockCap, limitCap);
  if (q > cap) {
    reason = limitCap <= stockCap ? SNAP_REASONS.limit : SNAP_REASONS.stock;
    q = Math.floor(cap / pack) * pack;
  }
  return reason === undefined ? { quantity: q } : { quantity: q, reason };
}

// ---------------------------------------------------------------------------------------------
// Free shipping per goods

export type FreeShippingHint = {
  /** the goods offers free shipping at all */
  eligible: boolean;
  reached: boolean;
  /** units still missing; 0 when reached or not eligible */
  shortBy: number;
};

/** Free shipping when this line's quantity ≥ freeShippingNumber (at least 1). */
export function freeShippingHint(
  goods: Pick<PricingGoods, 'isFreeShipping' | 'freeShippingNumber'>,
  qty: number,
): FreeShippingHint {
  if (goods.isFreeShipping !== true) return { eligible: false, reached: false, shortBy: 0 };
  const n = Math.max(1, isCount(goods.freeShippingNumber) ? Math.ceil(goods.freeShippingNumber) : 1);
  const q = isCount(qty) ? qty : 0;
  return q >= n ? { eligible: true, reached: true, shortBy: 0 } : { eligible: true, reached: false, shortBy: Math.ceil(n - q) };
}

// ---------------------------------------------------------------------------------------------
// Full reduction (满减)

export type FullReductionTier = { amountFen: number; reduceFen: number };
export type FullReductionTierStatus = FullReductionTier & {
  /** 1 = reached */
  status: 0 | 1;
  /** 0 when reached */
  shortByFen: number;
};
export type FullReductionResult = {
  /** reached tiers first (highest, i.e. the applied one, at index 0), then the rest ascending */
  tiers: FullReductionTierStatus[];
  /** the applicable reduction, never more than the subtotal */
  reduceFen: number;
  applied: FullReductionTier | null;
  /** the lowest tier not yet reached */
  next: (FullReductionTier & { shortByFen: number }) | null;
};

/** Tiers for a subtotal: "spend amountFen, save reduceFen"; reached when subtotal ≥ amountFen. */
export function fullReductionTiers(tiers: readonly FullReductionTier[], subtotalFen: number): FullReductionResult {
  const valid = tiers.filter((t) => isCount(t.amountFen) && isCount(t.reduceFen) && t.amountFen >= 0 && t.reduceFen >= 0);
  const marked: FullReductionTierStatus[] = valid.map((t) =>
    subtotalFen >= t.amountFen
      ? { amountFen: t.amountFen, reduceFen: t.reduceFen, status: 1, shortByFen: 0 }
      : { amountFen: t.amountFen, reduceFen: t.reduceFen, status: 0, shortByFen: t.amountFen - subtotalFen },
  );
  const reached = marked
    .filter((t) => t.status === 1)
    .sort((a, b) => b.amountFen - a.amountFen || b.reduceFen - a.reduceFen);
  const open = marked
    .filter((t) => t.status === 0)
    .sort((a, b) => a.amountFen - b.amountFen || b.reduceFen - a.reduceFen);
  const top = reached[0];
  const first = open[0];
  return {
    tiers: [...reached, ...open],
    reduceFen: top ? Math.max(0, Math.min(top.reduceFen, subtotalFen)) : 0,
    applied: top ? { amountFen: top.amountFen, reduceFen: top.reduceFen } : null,
    next: first ? { amountFen: first.amountFen, reduceFen: first.reduceFen, shortByFen: first.shortByFen } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Gifts (满赠)

export type GiftRule = { buyNumber: number; giftNumber: number; maxTotal?: number | null };

/** Every buyNumber units earn giftNumber gifts, up to maxTotal: buy 10 get 1 → 25 units = 2. */
export function giftsFor(rule: GiftRule, qty: number): number {
  if (!isCount(rule.buyNumber) || rule.buyNumber < 1 || !isCount(qty) || qty < 1) return 0;
  const total = Math.floor(qty / rule.buyNumber) * Math.max(0, Math.floor(rule.giftNumber));
  return isCount(rule.maxTotal) && rule.maxTotal >= 0 ? Math.min(total, Math.floor(rule.maxTotal)) : total;
}

// ---------------------------------------------------------------------------------------------
// Lines

/** Buyable and in stock (a combination: every item buyable with stock for one pack). */
export function isLineAvailable(line: CartLine): boolean {
  if (line.type === 'combination') {
    const items = line.combination.items;
    return items.length > 0 && items.every((i) => i.goods.isBuy && i.goods.stock >= Math.max(1, i.number));
  }
  return line.goods.isBuy && line.goods.stock > 0;
}

/** SPEC 4: selection resets to unselected when the goods cannot be bought or has no stock. */
export function normalizeSelection<L extends CartLine>(line: L): L {
  return line.selected && !isLineAvailable(line) ? { ...line, selected: false } : line;
}

export function normalizeCart<L extends CartLine>(lines: readonly L[]): L[] {
  return lines.map((l) => normalizeSelection(l));
}

export type PricedLine = {
  line: CartLine;
  /** buyable and in stock */
  available: boolean;
  /** counts toward totals: selected, available, quantity ≥ 1 */
  counted: boolean;
  quantity: number;
  /** charged unit price (the pack price for a combination, the flash price for a flash line) */
  unitPriceFen: number;
  /** charged amount before order-level discounts */
  amountFen: number;
  /** amount at base prices */
  listAmountFen: number;
  /** listAmountFen − amountFen, not below 0 */
  savingsFen: number;
  /** welfare discount on this line (0 unless line.welfare) */
  welfareFen: number;
  /** amountFen − welfareFen */
  netFen: number;
  /** this line reached its own free-shipping quantity */
  freeShipping: boolean;
  isGroupB: boolean;
};

/** Prices one line on its own (computed even when it does not count; see `counted`). */
export function priceLine(line: CartLine, options: { welfareRate?: number } = {}): PricedLine {
  const quantity = isCount(line.quantity) ? Math.max(0, Math.floor(line.quantity)) : 0;
  const available = isLineAvailable(line);
  let unitPriceFen: number;
  let amountFen: number;
  let listAmountFen: number;
  let freeShipping: boolean;
  let isGroupB: boolean;

  if (line.type === 'combination') {
    const { packPriceFen, items } = line.combination;
    unitPriceFen = packPriceFen;
    amountFen = mulFen(packPriceFen, quantity);
    listAmountFen = 0;
    for (const i of items) listAmountFen += mulFen(i.goods.basePriceFen, mulFen(i.number, quantity));
    freeShipping = quantity > 0 && items.some((i) => freeShippingHint(i.goods, i.number * quantity).reached);
    isGroupB = items.length > 0 && items.every((i) => i.goods.isGroupB === true);
  } else {
    const { goods } = line;
    listAmountFen = mulFen(goods.basePriceFen, quantity);
    if (line.type === 'flash') {
      unitPriceFen = line.priceFen;
      const lim = line.userLimit;
      const atFlash = isCount(lim) && lim >= 0 ? Math.min(quantity, Math.floor(lim)) : quantity;
      const rest = quantity - atFlash;
      amountFen = mulFen(line.priceFen, atFlash) + (rest > 0 ? mulFen(ladderUnitPrice(goods, quantity), rest) : 0);
    } else {
      unitPriceFen = isCount(line.priceFen) ? line.priceFen : ladderUnitPrice(goods, quantity);
      amountFen = mulFen(unitPriceFen, quantity);
    }
    freeShipping = quantity > 0 && freeShippingHint(goods, quantity).reached;
    isGroupB = goods.isGroupB === true;
  }

  const welfareFen = line.welfare === true ? amountFen - applyRate(amountFen, options.welfareRate ?? WELFARE_RATE) : 0;
  return {
    line,
    available,
    counted: line.selected && available && quantity >= 1,
    quantity,
    unitPriceFen,
    amountFen,
    listAmountFen,
    savingsFen: Math.max(0, listAmountFen - amountFen),
    welfareFen,
    netFen: amountFen - welfareFen,
    freeShipping,
    isGroupB,
  };
}

// ---------------------------------------------------------------------------------------------
// Cart totals

export type ShippingRule = {
  /** fee charged when the goods amount is under the threshold */
  feeFen: number;
  /** goods amount (less group B unless groupBCountsToThreshold) at which shipping is free */
  freeThresholdFen: number;
  groupBCountsToThreshold?: boolean;
};

export const DEFAULT_SHIPPING_RULE: ShippingRule = {
  feeFen: DEFAULT_SHIPPING_FEE_FEN,
  freeThresholdFen: DEFAULT_FREE_SHIPPING_THRESHOLD_FEN,
};

export type FullReductionActivity = {
  id: number | string;
  tiers: readonly FullReductionTier[];
  /** 'lines' (default): lines whose manjianId equals id; 'all': every counted line */
  scope?: 'lines' | 'all';
};

export type Coupon = { id?: number | string; thresholdFen: number; reduceFen: number };
export type CashVoucher = { id?: number | string; amountFen: number };

export type CartTotalsOptions = {
  shipping?: ShippingRule;
  fullReductions?: readonly FullReductionActivity[];
  coupon?: Coupon | null;
  cashVoucher?: CashVoucher | null;
  /** default WELFARE_RATE (0.94) */
  welfareRate?: number;
};

export type CartTotals = {
  lines: PricedLine[];
  /** lines that count (selected, buyable, in stock) */
  selectedCount: number;
  /** Σ quantity of counted lines (packs for combinations) */
  selectedQuantity: number;
  /** Σ base price × quantity of counted lines (原价) */
  listAmountFen: number;
  /** Σ charged line amounts of counted lines (商品金额) */
  goodsAmountFen: number;
  discounts: {
    /** saved by ladder/flash/variant/pack prices; already inside goodsAmountFen, not in discountFen */
    ladderFen: number;
    welfareFen: number;
    fullReductionFen: number;
    couponFen: number;
    cashVoucherFen: number;
  };
  /** welfare + fullReduction + coupon + cashVoucher: what is subtracted from goodsAmountFen */
  discountFen: number;
  shippingFen: number;
  payableFen: number;
  fullReductions: (FullReductionResult & { id: number | string; subtotalFen: number })[];
  coupon: { applicable: boolean; shortByFen: number } | null;
  /** Σ gift_data.total of counted lines */
  giftTotal: number;
  /** SPEC's cart-state shipping_data, in FEN (convert with fenToYuan at the API boundary) */
  shipping_data: {
    shipping_amount: number;
    /** goods amount still missing for free shipping; 0 when free */
    no_trans_order_amount: number;
    group_b_goods_amount: number;
  };
};

function sumBy(items: readonly PricedLine[], pick: (p: PricedLine) => number): number {
  let s = 0;
  for (const p of items) s += pick(p);
  return s;
}

export function cartTotals(lines: readonly CartLine[], options: CartTotalsOptions = {}): CartTotals {
  const welfareRate = options.welfareRate ?? WELFARE_RATE;
  const priced = lines.map((l) => priceLine(l, { welfareRate }));
  const counted = priced.filter((p) => p.counted);

  const goodsAmountFen = sumBy(counted, (p) => p.amountFen);
  const listAmountFen = sumBy(counted, (p) => p.listAmountFen);
  const ladderFen = sumBy(counted, (p) => p.savingsFen);
  const welfareFen = sumBy(counted, (p) => p.welfareFen);
  let remaining = goodsAmountFen - welfareFen;

  // full reduction
  const fullReductions = (options.fullReductions ?? []).map((a) => {
    const subtotalFen = sumBy(
      counted.filter((p) => a.scope === 'all' || (p.line.manjianId != null && p.line.manjianId === a.id)),
      (p) => p.netFen,
    );
    return { id: a.id, subtotalFen, ...fullReductionTiers(a.tiers, subtotalFen) };
  });
  const fullReductionFen = Math.min(remaining, fullReductions.reduce((s, r) => s + r.reduceFen, 0));
  remaining -= fullReductionFen;

  // coupon
  let couponFen = 0;
  let coupon: CartTotals['coupon'] = null;
  if (options.coupon) {
    const base = sumBy(counted.filter((p) => p.line.withCoupon !== false), (p) => p.netFen);
    const threshold = Math.max(0, options.coupon.thresholdFen);
    const applicable = base > 0 && base >= threshold;
    couponFen = applicable ? Math.min(Math.max(0, options.coupon.reduceFen), remaining) : 0;
    coupon = { applicable, shortByFen: applicable ? 0 : Math.max(1, threshold - base) };
  }
  remaining -= couponFen;

  // cash voucher
  const cashVoucherFen = options.cashVoucher ? Math.min(Math.max(0, options.cashVoucher.amountFen), remaining) : 0;
  remaining -= cashVoucherFen;

  // shipping
  const rule = options.shipping ?? DEFAULT_SHIPPING_RULE;
  const groupBAmount = sumBy(counted.filter((p) => p.isGroupB), (p) => p.amountFen);
  const thresholdAmount = goodsAmountFen - (rule.groupBCountsToThreshold === true ? 0 : groupBAmount);
  const freeByLine = counted.some((p) => p.freeShipping);
  const noTrans = freeByLine ? 0 : Math.max(0, rule.freeThresholdFen - thresholdAmount);
  const shippingFen = counted.length > 0 && noTrans > 0 ? Math.max(0, rule.feeFen) : 0;

  const discountFen = welfareFen + fullReductionFen + couponFen + cashVoucherFen;
  return {
    lines: priced,
    selectedCount: counted.length,
    selectedQuantity: sumBy(counted, (p) => p.quantity),
    listAmountFen,
    goodsAmountFen,
    discounts: { ladderFen, welfareFen, fullReductionFen, couponFen, cashVoucherFen },
    discountFen,
    shippingFen,
    payableFen: Math.max(0, goodsAmountFen - discountFen) + shippingFen,
    fullReductions,
    coupon,
    giftTotal: sumBy(counted, (p) => (p.line.gift && isCount(p.line.gift.total) ? Math.max(0, p.line.gift.total) : 0)),
    shipping_data: {
      shipping_amount: shippingFen,
      no_trans_order_amount: noTrans,
      group_b_goods_amount: groupBAmount,
    },
  };
}
