// The promotions desk on the wire: yuan strings, ISO instants, the window's state.
import { fenToYuan } from '#/lib/money.ts';
import { shopIso } from '#/lib/shopClock.ts';
import type { CombinationDeskRow } from './combinations.ts';
import type { DrawDeskRow } from '#/server/draw/desk.ts';
import type { CouponTemplateRow } from './couponTemplates.ts';
import type { GiftRuleDeskRow } from './gifts.ts';
import type { PointsGoodsRow } from './pointsGoods.ts';
import type { FullReductionRow } from './fullReductions.ts';
import type { PriceVariantRow } from './priceVariants.ts';
import { windowState, type Window } from './window.ts';

export const WINDOW_STATE_LABEL = { scheduled: '未开始', running: '进行中', ended: '已结束' };

const presentWindow = (w: Window) => ({
  starts_at: shopIso(w.startsAt),
  ends_at: shopIso(w.endsAt),
  state: windowState(w),
});

export const presentPriceVariant = (v: PriceVariantRow) => ({
  id: v.id,
  kind: v.kind,
  goods: { id: v.goodsId, name: v.goodsName, spec: v.spec, base_price: fenToYuan(v.basePrice) },
  price: fenToYuan(v.price),
  user_limit: v.userLimit,
  lot_id: v.lotId,
  ...presentWindow(v),
});

export const presentFullReduction = (a: FullReductionRow) => ({
  id: a.id,
  name: a.name,
  tiers: a.tiers.map((t) => ({ amount: fenToYuan(t.amount), reduce: fenToYuan(t.reduce) })),
  goods_ids: a.goodsIds,
  ...presentWindow(a),
});

export const presentCouponTemplateAdmin = (t: CouponTemplateRow) => ({
  id: t.id,
  kind: t.kind,
  name: t.name,
  threshold: fenToYuan(t.threshold),
  amount: fenToYuan(t.amount),
  scope: t.scope,
  scope_ids: t.scopeIds,
  scope_text: t.scopeText,
  valid_days: t.validDays,
  quantity: t.quantity,
  per_store_limit: t.perStoreLimit,
  claimed: t.claimedCount,
  sort: t.sort,
  ...presentWindow(t),
});

/** An open-ended window (no end: until ended) as the wire shows it. */
const presentOpenWindow = (w: { startsAt: Date; endsAt: Date | null }) => ({
  starts_at: shopIso(w.startsAt),
  ends_at: shopIso(w.endsAt),
  state: windowState({ startsAt: w.startsAt, endsAt: w.endsAt ?? new Date(8.64e15) }),
});

export const presentGiftRule = (r: GiftRuleDeskRow) => ({
  id: r.id,
  goods: { id: r.goodsId, name: r.goodsName },
  gift_name: r.giftName,
  buy_number: r.buyNumber,
  gift_number: r.giftNumber,
  max_total: r.maxTotal,
  ...presentOpenWindow(r),
});

export const presentCombination = (c: CombinationDeskRow) => ({
  id: c.id,
  name: c.name,
  pack_price: fenToYuan(c.packPrice),
  items: c.items.map((i) => ({ goods_id: i.goodsId, number: i.number })),
  ...presentOpenWindow(c),
});

export const presentPointsGoods = (g: PointsGoodsRow) => ({
  id: g.id,
  name: g.name,
  spec: g.spec,
  points: g.points,
  stock: g.stock,
  sort: g.sort,
});

/** A prize's value as the desk shows it: points as a count, a coupon's amount and threshold in yuan. */
export const presentDrawActivityAdmin = (a: DrawDeskRow) => {
  const totalWeight = a.prizes.reduce((s, p) => s + p.weight, 0);
  return {
    id: a.id,
    name: a.name,
    daily_limit: a.dailyLimit,
    popup: a.popup,
    draws: a.draws,
    prizes: a.prizes.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind,
      value: p.kind === 'coupon' ? fenToYuan(p.value) : String(p.value),
      threshold: fenToYuan(p.threshold),
      valid_days: p.validDays,
      weight: p.weight,
      /** percent of a draw, 2 decimals, while every prize has stock */
      odds: totalWeight > 0 ? ((p.weight * 100) / totalWeight).toFixed(2) : '0.00',
      stock: p.stock,
      remarks: p.remarks,
    })),
    ...presentWindow(a),
  };
};
