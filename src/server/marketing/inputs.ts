// Parsed desk forms → the domain modules' inputs.
import type { z } from 'zod';
import type { CouponTemplateInput } from './couponTemplates.ts';
import type { CombinationInput } from './combinations.ts';
import type {
  CombinationForm,
  CouponTemplateForm,
  DrawActivityForm,
  FullReductionForm,
  GiftRuleForm,
  PointsGoodsForm,
  PriceVariantForm,
} from './forms.ts';
import type { DrawActivityInput } from '#/server/draw/desk.ts';
import type { PointsGoodsInput } from './pointsGoods.ts';
import type { GiftRuleInput } from './gifts.ts';
import type { FullReductionInput } from './fullReductions.ts';
import type { PriceVariantInput } from './priceVariants.ts';

export const variantInput = (f: z.output<typeof PriceVariantForm>): PriceVariantInput => ({
  goodsId: f.goods_id,
  priceFen: f.price,
  userLimit: f.user_limit,
  lotId: f.lot_id,
  startsAt: f.starts_at,
  endsAt: f.ends_at,
});

export const fullReductionInput = (f: z.output<typeof FullReductionForm>): FullReductionInput => ({
  name: f.name,
  tiers: f.tiers,
  goodsIds: f.goods_ids,
  startsAt: f.starts_at,
  endsAt: f.ends_at,
});

export const couponTemplateInput = (
  f: z.output<typeof CouponTemplateForm>,
): CouponTemplateInput => ({
  kind: f.kind,
  name: f.name,
  thresholdFen: f.threshold,
  amountFen: f.amount,
  scope: f.scope,
  scopeIds: f.scope === 'all' ? [] : (f.scope_ids ?? []),
  validDays: f.valid_days,
  quantity: f.quantity,
  perStoreLimit: f.per_store_limit,
  sort: f.sort,
  startsAt: f.starts_at,
  endsAt: f.ends_at,
});

export const giftRuleInput = (f: z.output<typeof GiftRuleForm>): GiftRuleInput => ({
  goodsId: f.goods_id,
  giftName: f.gift_name,
  buyNumber: f.buy_number,
  giftNumber: f.gift_number,
  maxTotal: f.max_total,
  startsAt: f.starts_at,
  endsAt: f.ends_at,
});

export const combinationInput = (f: z.output<typeof CombinationForm>): CombinationInput => ({
  name: f.name,
  packPriceFen: f.pack_price,
  items: f.items.map((i) => ({ goodsId: i.goods_id, number: i.number })),
  startsAt: f.starts_at,
  endsAt: f.ends_at,
});

export const pointsGoodsInput = (f: z.output<typeof PointsGoodsForm>): PointsGoodsInput => ({
  name: f.name,
  spec: f.spec,
  points: f.points,
  stock: f.stock,
  sort: f.sort,
});

export const drawActivityInput = (f: z.output<typeof DrawActivityForm>): DrawActivityInput => ({
  name: f.name,
  startsAt: f.starts_at,
  endsAt: f.ends_at,
  dailyLimit: f.daily_limit,
  popup: f.popup,
  prizes: f.prizes.map((p) => ({
    name: p.name,
    kind: p.kind,
    value: p.value,
    threshold: p.threshold,
    validDays: p.valid_days,
    weight: p.weight,
    stock: p.stock,
    remarks: p.remarks,
  })),
});
