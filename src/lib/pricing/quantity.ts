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
