// The promotions desk's forms (zod): yuan strings and shop wall-clock times in, fen and instants out.
import { z } from 'zod';
import { yuanToFen } from '#/lib/money.ts';
import { parseShopDateTime } from '#/lib/shopClock.ts';
import { WELFARE_PERCENT_MAX, WELFARE_PERCENT_MIN } from '#/lib/welfare.ts';
import { COUPON_KINDS, COUPON_SCOPES, DRAW_PRIZE_KINDS } from '#/server/db/schema/index.ts';
import { idList, idParam } from '#/server/http/validate.ts';

const MAX_FEN = 100_000_000;

/** A money amount in yuan → fen; `min` in fen. */
const yuan = (label: string, min = 1) =>
  z.union([z.string(), z.number()], { error: `请填写${label}` }).transform((v, ctx) => {
    const fen = v === '' ? null : yuanToFen(v);
    if (fen === null || fen < min || fen > MAX_FEN) {
      ctx.addIssue({ code: 'custom', message: `${label}不正确` });
      return z.NEVER;
    }
    return fen;
  });

/** A shop wall-clock time (or an ISO instant with its offset), required. */
export const when = (label: string) =>
  z.string({ error: `请填写${label}` }).transform((v, ctx) => {
    const at = parseShopDateTime(v);
    if (!at) {
      ctx.addIssue({ code: 'custom', message: `${label}不正确` });
      return z.NEVER;
    }
    return at;
  });

const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .min(min, `${label}不能小于${min}`)
    .max(max, `${label}不能大于${max}`);

/** An optional whole number: empty means none. */
const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : v),
    int(label, min, max).nullable(),
  );

const name = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(40, `${label}最多40个字`);

/** Form lists arrive as `tiers[0][amount]` (an object keyed by index) or as a JSON array. */
const list = <T extends z.ZodType>(item: T, label: string, max: number) =>
  z.preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v),
    z
      .array(item, { error: `请填写${label}` })
      .min(1, `请填写${label}`)
      .max(max, `${label}最多${max}项`),
  );

const window = { starts_at: when('开始时间'), ends_at: when('结束时间') };

export const PriceVariantForm = z.object({
  goods_id: idParam,
  price: yuan('活动价'),
  user_limit: optionalInt('每店限购', 1, 100_000),
  lot_id: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : v),
    idParam.nullable(),
  ),
  ...window,
});

export const FullReductionForm = z.object({
  name: name('活动名称'),
  tiers: list(z.object({ amount: yuan('满额'), reduce: yuan('减免金额') }), '满减档位', 5),
  goods_ids: idList(500),
  ...window,
});

export const CouponTemplateForm = z.object({
  kind: z.enum(COUPON_KINDS, { error: '券类型不正确' }).default('coupon'),
  name: name('券名称'),
  threshold: yuan('使用门槛', 0).default(0),
  amount: yuan('面额'),
  scope: z.enum(COUPON_SCOPES, { error: '适用范围不正确' }).default('all'),
  /** empty for 全部商品 */
  scope_ids: z.preprocess((v) => (v === '' || v === null ? undefined : v), idList(200).optional()),
  valid_days: int('有效天数', 1, 365),
  quantity: optionalInt('发放总量', 1, 10_000_000),
  per_store_limit: int('每店限领', 1, 100).default(1),
  sort: int('排序', 0, 9999).default(0),
  ...window,
});

export const ListQuery = z.object({ limit: int('条数', 1, 500).default(200) });

export const VariantListQuery = ListQuery.extend({ goods_id: idParam.optional() });

/** An optional end: empty means until ended. */
const optionalWhen = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? null : v),
    when(label).nullable(),
  );

export const GiftRuleForm = z.object({
  goods_id: idParam,
  gift_name: name('赠品名称'),
  buy_number: int('每购买数量', 1, 100_000),
  gift_number: int('赠送数量', 1, 100_000),
  max_total: optionalInt('赠品上限', 1, 1_000_000),
  starts_at: when('开始时间'),
  ends_at: optionalWhen('结束时间'),
});

export const CombinationForm = z.object({
  name: name('组合名称'),
  pack_price: yuan('组合价'),
  items: list(z.object({ goods_id: idParam, number: int('每组数量', 1, 10_000) }), '组合商品', 10),
  starts_at: when('开始时间'),
  ends_at: optionalWhen('结束时间'),
});

export const PointsGoodsForm = z.object({
  name: name('商品名称'),
  spec: z.string().trim().max(40, '规格最多40个字').default(''),
  points: int('所需积分', 1, 10_000_000),
  stock: int('库存', 0, 10_000_000),
  sort: int('排序', 0, 9999).default(0),
});

const truthy = (v: unknown) => v === '1' || v === 'true' || v === true || v === 'on';
/** A field left empty takes its default. */
const blankAsUnset = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * A lucky-draw prize: `value` is points for a points prize and the coupon's amount in yuan for a
 * coupon prize (a goods prize has none); `threshold` (yuan) only for coupons.
 */
const DrawPrizeForm = z
  .object({
    name: name('奖品名称'),
    kind: z.enum(DRAW_PRIZE_KINDS, { error: '奖品类型不正确' }),
    value: z.union([z.string(), z.number()]).default(''),
    threshold: z.preprocess(blankAsUnset, yuan('券使用门槛', 0).default(0)),
    valid_days: z.preprocess(blankAsUnset, int('券有效天数', 1, 3650).default(30)),
    weight: z.preprocess(blankAsUnset, int('中奖权重', 0, 1_000_000)),
    stock: optionalInt('奖品库存', 0, 1_000_000),
    remarks: z.string().trim().max(100, '中奖说明最多100个字').default(''),
  })
  .transform((p, ctx) => {
    const raw = String(p.value).trim();
    let value = 0;
    if (p.kind === 'coupon') value = raw === '' ? 0 : (yuanToFen(raw) ?? -1);
    else if (p.kind === 'points') value = /^\d{1,9}$/.test(raw) ? Number(raw) : -1;
    if (value < 0 || value > MAX_FEN) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: '奖品数值不正确' });
      return z.NEVER;
    }
    return { ...p, value, threshold: p.kind === 'coupon' ? p.threshold : 0 };
  });

export const DrawActivityForm = z.object({
  name: name('活动名称'),
  daily_limit: int('每日抽奖次数', 1, 100),
  popup: z.preprocess(truthy, z.boolean()).default(false),
  prizes: list(DrawPrizeForm, '奖品', 20),
  ...window,
});

/** 全场折扣: the welfare rate in percent, within the bounds buyers may be offered. */
export const WelfareRateForm = z.object({
  percent: z.coerce
    .number({ error: '请填写折扣' })
    .int('折扣须为整数百分比，例如 94')
    .min(WELFARE_PERCENT_MIN, `折扣须在${WELFARE_PERCENT_MIN}到${WELFARE_PERCENT_MAX}之间`)
    .max(WELFARE_PERCENT_MAX, `折扣须在${WELFARE_PERCENT_MIN}到${WELFARE_PERCENT_MAX}之间`),
});
