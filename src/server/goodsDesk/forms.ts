// The goods desk's forms (zod): the list's filters, a goods, a lot. Prices arrive in yuan and
// become fen here; the import runs its rows through the same GoodsFields, so both refuse alike.
import { z } from 'zod';
import { approvalNumberProblem } from '#/lib/approvalNumber.ts';
import { DRUG_CLASSES } from '#/lib/drugClass.ts';
import { yuanToFen } from '#/lib/money.ts';
import { MEMBER_RANKS } from '#/lib/rankPrice.ts';
import { TAG_LABELS } from '#/lib/constants.ts';
import { PROVINCES } from '#/lib/validation.ts';
import { COMPANY_TYPES } from '#/server/db/schema/index.ts';
import { idParam, pageParam, perPageParam } from '#/server/http/validate.ts';

/** ¥1,000,000 per unit: far above any medicine, well inside the integer column. */
export const MAX_PRICE_FEN = 100_000_000;
const MAX_UNITS = 1_000_000;

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])], { error: '请选择是或否' })
  .transform((v) => v === true || v === '1' || v === 'true');
/** A list field: `a[]=x&a[]=y`, `a=x,y` or nothing. */
const list = <T extends z.ZodType>(item: T, max: number, label: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === '') return [];
      if (typeof v === 'string')
        return v
          .split(/[,，、]/)
          .map((s) => s.trim())
          .filter(Boolean);
      if (v && typeof v === 'object' && !Array.isArray(v)) return Object.values(v);
      return v;
    },
    z.array(item).max(max, `${label}最多${max}项`),
  );
const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, `请填写${label}`)
    .max(max, `${label}最多${max}个字`);
const units = (label: string, min: number) =>
  z.coerce
    .number({ error: `${label}须为整数` })
    .int(`${label}须为整数`)
    .min(min, `${label}不能小于${min}`)
    .max(MAX_UNITS, `${label}过大`);
export const yuan = (label: string) =>
  z.union([z.string(), z.number()], { error: `请填写${label}` }).transform((v, ctx) => {
    const fen = yuanToFen(v);
    if (fen === null || fen > MAX_PRICE_FEN) {
      ctx.addIssue({ code: 'custom', message: `${label}须为不小于0的金额，最多两位小数` });
      return z.NEVER;
    }
    return fen;
  });

const ladderTier = z.object({
  min_number: units('阶梯起购数量', 2),
  price: yuan('阶梯单价'),
});

/** Every field of a goods the buyer screens show. */
export const GoodsFields = z
  .object({
    code: z
      .string({ error: '请填写商品编码' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,20}$/, '商品编码须为2-20位字母、数字、-或_'),
    erp_code: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_.-]{1,32}$/, 'ERP编码须为1-32位字母、数字或-_.')
        .optional(),
    ),
    name: text('通用名', 60),
    trade_name: z.string().trim().max(40, '商品名最多40个字').default(''),
    spec: text('规格', 60),
    manufacturer: text('生产厂家', 60, 2),
    approval_no: z.string().trim().max(40, '批准文号最多40个字').default(''),
    drug_class: z.enum(DRUG_CLASSES, { error: '请选择药品分类' }),
    bzdw: text('包装单位', 4),
    inner_pack: units('中包装', 1).default(1),
    case_qty: units('件装量', 1).default(1),
    must_multiple: flag.default(false),
    category_id: idParam,
    brand_id: z.preprocess(emptyAsUndefined, idParam.optional()),
    base_price: yuan('基础单价'),
    /** 会员等级价 by rank (v1–v5), yuan; a rank left empty buys at the base price. Absent: unchanged (imports). */
    rank_prices: z.preprocess(
      (v) => (v === '' ? {} : v),
      z
        .record(z.string(), z.union([z.string(), z.number()]), { error: '会员等级价格式不正确' })
        .transform((m, ctx) => {
          const out: Record<string, number> = {};
          // Keyed v1–v5 on the wire: numeric keys would be read as a list and lose their ranks.
          for (const [key, v] of Object.entries(m)) {
            const rank = key.slice(1);
            if (!MEMBER_RANKS.some((r) => `v${r}` === key)) {
              ctx.addIssue({ code: 'custom', path: [key], message: '会员等级不正确' });
              return z.NEVER;
            }
            if (String(v).trim() === '') continue;
            const fen = yuanToFen(String(v).trim());
            if (fen === null || fen <= 0) {
              ctx.addIssue({
                code: 'custom',
                path: [key],
                message: `V${rank}会员价须为大于0的金额（元，最多两位小数）`,
              });
              return z.NEVER;
            }
            out[rank] = fen;
          }
          return out;
        })
        .optional(),
    ),
    ladder: list(ladderTier, 5, '阶梯价'),
    tags: list(z.enum(TAG_LABELS, { error: `标签须为${TAG_LABELS.join('、')}之一` }), 7, '标签'),
    is_ephedrine: flag.default(false),
    purchase_limit: units('单笔限购', 0).default(0),
    is_controlled: flag.default(false),
    controlled_regions: list(z.enum(PROVINCES, { error: '控销地区不正确' }), 40, '控销地区'),
    controlled_types: list(z.enum(COMPANY_TYPES, { error: '控销客户类型不正确' }), 4, '客户类型'),
    is_free_shipping: flag.default(false),
    free_shipping_number: units('包邮数量', 0).default(0),
    is_buy: flag.default(true),
    description: z.string().trim().max(5000, '商品说明最多5000字').default(''),
  })
  .superRefine((f, ctx) => {
    const add = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const problem = approvalNumberProblem(f.drug_class, f.approval_no);
    if (problem) add('approval_no', problem);
    if (f.base_price <= 0) add('base_price', '基础单价须大于0');
    for (const [rank, fen] of Object.entries(f.rank_prices ?? {}))
      if (fen > f.base_price) add('rank_prices', `V${rank}会员价不能高于基础单价`);
    if (f.case_qty % f.inner_pack !== 0) add('case_qty', '件装量须为中包装的整数倍');
    if (f.must_multiple && f.inner_pack < 2)
      add('must_multiple', '中包装为1时无需按中包装倍数购买');
    f.ladder.forEach((t, i) => {
      const prev = f.ladder[i - 1];
      if (prev && t.min_number <= prev.min_number) add('ladder', '阶梯价的起购数量须从小到大排列');
      else if (prev && t.price > prev.price) add('ladder', '数量越多阶梯单价不能越高');
      else if (t.price >= f.base_price || t.price === 0)
        add('ladder', '阶梯单价须低于基础单价且大于0');
    });
    if (f.is_ephedrine && f.purchase_limit === 0)
      add('purchase_limit', '含麻黄碱类商品须设置单笔限购数量');
    if (f.is_free_shipping && f.free_shipping_number < 1)
      add('free_shipping_number', '请填写包邮的起购数量');
  });
export type GoodsFieldsInput = z.output<typeof GoodsFields>;

/** A save of the editor: the fields and the version the editor started from. */
export const GoodsUpdateForm = z.intersection(
  GoodsFields,
  z.object({
    version: z.coerce.number({ error: '缺少版本号' }).int('版本号不正确').min(1, '版本号不正确'),
  }),
);

const isoDay = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式须为YYYY-MM-DD`)
    .refine(
      (s) =>
        !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
        new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${label}不是有效日期`,
    );

/** A lot: new (no id) or an existing one's figures. */
export const LotForm = z
  .object({
    id: z.preprocess(emptyAsUndefined, idParam.optional()),
    batch_no: z
      .string({ error: '请填写批号' })
      .trim()
      .regex(/^[A-Za-z0-9-]{1,30}$/, '批号须为1-30位字母、数字或-'),
    produced_on: isoDay('生产日期'),
    expires_on: isoDay('有效期至'),
    stock: units('库存', 0),
  })
  .refine((l) => l.expires_on > l.produced_on, {
    path: ['expires_on'],
    message: '有效期须晚于生产日期',
  });
export type LotInput = z.output<typeof LotForm>;

export const GoodsQuery = z.object({
  q: z.string().trim().max(40, '关键字最多40个字').default(''),
  drug_class: z.preprocess(emptyAsUndefined, z.enum(DRUG_CLASSES).optional()),
  category_id: z.preprocess(emptyAsUndefined, idParam.optional()),
  on_sale: z.preprocess(
    emptyAsUndefined,
    z.enum(['1', '0'], { error: '上架状态不正确' }).optional(),
  ),
  stock: z.preprocess(
    emptyAsUndefined,
    z.enum(['out', 'low'], { error: '库存筛选不正确' }).optional(),
  ),
  page: pageParam,
  per_page: perPageParam(100, 50),
});
export type GoodsFilter = z.output<typeof GoodsQuery>;
