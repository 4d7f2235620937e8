// The quantity a buyer may put in the cart: whole units, inner-pack multiples, stock and limits.
import { isCount } from './numbers.ts';
import type { PricingGoods } from './types.ts';

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
  const pack =
    goods.mustMultiple === true && isCount(packRaw) && packRaw > 1 ? Math.floor(packRaw) : 1;
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

/**
 * Why a goods can never be bought, whatever the quantity: it sells only in multiples of an inner
 * pack larger than its per-order limit (含麻 goods: 每单限购). null when some quantity is possible.
 */
export function packOverLimit(goods: {
  innerPack: number;
  mustMultiple: boolean;
  purchaseLimit: number;
  bzdw: string;
}): string | null {
  const { innerPack: pack, purchaseLimit: limit, bzdw } = goods;
  if (!goods.mustMultiple || pack <= 1 || limit <= 0 || pack <= limit) return null;
  return `须按中包装${pack}${bzdw}的倍数购买，超出每单限购${limit}${bzdw}，暂无法购买`;
}

/** A ceiling a quantity field may not pass, with what the buyer is told when it does. */
export interface QuantityCap {
  max: number;
  reason: string;
}

/** What a quantity field takes: whole units from `min`, in multiples of `pack`, under every cap. */
export interface QuantityRules {
  /** smallest quantity (1 to buy; 0 where a line may be left out, as on the return form) */
  min: number;
  /** the quantity must be a multiple of this (中包装); 1 = any */
  pack: number;
  unit: string;
  caps: readonly QuantityCap[];
}

export type QuantityCheck = { ok: true; value: number } | { ok: false; error: string };

/**
 * The quantity a buyer typed, taken exactly as typed or refused with the reason: nothing is
 * rounded, clamped or stripped, so what is sent is what the buyer saw. One rule for every
 * quantity field (cart, detail, list buy controls, return form).
 */
export function checkQuantity(text: string, rules: QuantityRules): QuantityCheck {
  const t = text.trim();
  const unit = rules.unit;
  if (t === '') return { ok: false, error: '请填写数量' };
  if (/^-/.test(t)) return { ok: false, error: '数量不能为负数' };
  if (/^\d*\.\d*$/.test(t) && t !== '.') return { ok: false, error: '数量须为整数，不能有小数' };
  if (!/^\d+$/.test(t)) return { ok: false, error: '请填写数字' };
  const value = Number(t);
  if (value < rules.min)
    return {
      ok: false,
      error: rules.min === 1 ? `数量最少为1${unit}` : `数量最少为${rules.min}${unit}`,
    };
  const cap = [...rules.caps].sort((a, b) => a.max - b.max).find((c) => value > c.max);
  if (cap) return { ok: false, error: cap.reason };
  if (rules.pack > 1 && value % rules.pack !== 0)
    return { ok: false, error: `须按中包装${rules.pack}${unit}的倍数购买` };
  return { ok: true, value };
}

/** The next quantity a − / + button moves to from `value`: a pack away, within min and the caps. */
export function stepQuantity(value: number, dir: 1 | -1, rules: QuantityRules): number {
  const step = Math.max(1, rules.pack);
  const cap = Math.min(...rules.caps.map((c) => c.max), Number.MAX_SAFE_INTEGER);
  const top = Math.floor(cap / step) * step;
  const onGrid =
    dir > 0 ? Math.floor(value / step) * step + step : Math.ceil(value / step) * step - step;
  const floor = rules.min <= 0 ? 0 : Math.max(step, Math.ceil(rules.min / step) * step);
  return Math.max(floor, Math.min(top, onGrid));
}

/**
 * Where − / + moves the typed `text`: from the quantity it holds, or, when that is refused, from
 * the whole number it starts with (else 0), so a step always lands on a quantity that can be taken.
 */
export function stepTypedQuantity(text: string, dir: 1 | -1, rules: QuantityRules): number {
  const check = checkQuantity(text, rules);
  return stepQuantity(check.ok ? check.value : Number.parseInt(text, 10) || 0, dir, rules);
}

/** The caps of buying a goods: its stock and its per-order limit. */
export function buyingCaps(g: {
  stock: number;
  limit: number | null;
  unit: string;
}): QuantityCap[] {
  const caps: QuantityCap[] = [
    {
      max: Math.max(0, Math.floor(g.stock)),
      reason: g.stock > 0 ? `库存仅剩${Math.floor(g.stock)}${g.unit}` : '暂时缺货',
    },
  ];
  if (g.limit !== null && g.limit > 0)
    caps.push({ max: g.limit, reason: `每单限购${g.limit}${g.unit}` });
  return caps;
}

/** What the quantity rules of a goods are made from. */
export interface BuyGoods {
  stock: number;
  /** the inner pack (中包装) */
  pack: number;
  mustMultiple: boolean;
  /** per-order limit (0 or null = none) */
  limit: number | null;
  unit: string;
}

/**
 * What a field buying a goods takes: whole units from `min` (1; 0 where the goods may be left
 * out, as on the quick-buy list), in inner packs when it sells only by them, under its stock and
 * per-order limit. One rule for the detail, cart, list and quick-buy fields.
 */
export function buyingRules(g: BuyGoods, min = 1): QuantityRules {
  return {
    min,
    pack: g.mustMultiple && g.pack > 1 ? g.pack : 1,
    unit: g.unit,
    caps: buyingCaps({ stock: g.stock, limit: g.limit, unit: g.unit }),
  };
}
