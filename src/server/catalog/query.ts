// The catalogue's query strings: the goods list's filters and sorts, and the detail's choice of
// price variant. Parsed once here; prices arrive in yuan and leave as fen.
import { z } from 'zod';
import type { Line } from '#/server/db/schema/index.ts';
import { pageParam, parseWith, perPageParam } from '#/server/http/validate.ts';
import { yuanToFen } from '#/lib/money.ts';
import { DRUG_CLASSES } from '#/lib/drugClass.ts';
import { TAG_LABELS } from '#/lib/constants.ts';

export const SORTS = ['default', 'sales', 'price', 'newest'] as const;
export type Sort = (typeof SORTS)[number];

export const SORT_LABELS: Readonly<Record<Sort, string>> = {
  default: '综合',
  sales: '销量',
  price: '价格',
  newest: '最新',
};

const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z.coerce
    .number({ error: '编号不正确' })
    .int('编号不正确')
    .positive('编号不正确')
    .max(2_147_483_647, '编号不正确')
    .optional(),
);
const flag = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : String(v)),
  z.enum(['0', '1', '2'], { error: '参数不正确' }).optional(),
);
const MAX_FILTER_PRICE_FEN = 100_000_000;
const yuan = (field: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v),
    z
      .string({ error: `${field}不正确` })
      .refine((s) => yuanToFen(s) !== null, `${field}不正确`)
      .transform((s) => yuanToFen(s)!)
      // Prices are int4 fen in the database; no goods costs a million yuan.
      .refine((fen) => fen >= 0 && fen <= MAX_FILTER_PRICE_FEN, `${field}不能超过1000000元`)
      .optional(),
  );

export const listQuerySchema = z
  .object({
    page: pageParam,
    per_page: perPageParam(100, 20),
    keywords: z.string().max(50, '搜索词最多 50 个字').optional().default(''),
    type: z.preprocess(
      (v) => (v === '' || v === undefined ? undefined : String(v)),
      z.enum(['1', '2'], { error: '搜索类型不正确' }).default('1'),
    ),
    /** category: an id, or a category name (the header's menu links) */
    select: z.string().max(30, '分类不正确').optional().default(''),
    qx: flag,
    zy: flag,
    yx: flag,
    line: z.enum(['general', 'yx', 'zy', 'qx'], { error: '产品线不正确' }).optional(),
    manufacturer: optionalId,
    brand: optionalId,
    drug_class: z
      .enum(DRUG_CLASSES, { error: '药品分类不正确' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    tag: z
      .enum(TAG_LABELS, { error: '标签不正确' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** goods of one full-reduction (满减) activity */
    manjian: optionalId,
    in_stock: flag,
    near_expiry: flag,
    price_min: yuan('最低价'),
    price_max: yuan('最高价'),
    sort: z.enum(SORTS, { error: '排序方式不正确' }).optional().default('default'),
    order: z.enum(['asc', 'desc'], { error: '排序方向不正确' }).optional(),
  })
  .refine(
    (q) => q.price_min === undefined || q.price_max === undefined || q.price_min <= q.price_max,
    {
      message: '最低价不能高于最高价',
      path: ['price_min'],
    },
  );
/** A parsed list query; price_min and price_max are in fen. */
export type ListQuery = z.output<typeof listQuerySchema>;

export function parseListQuery(input: Record<string, unknown>): ListQuery {
  return parseWith(listQuerySchema, input);
}

/** The line a query asks for: qx=2 devices, zy=2 herbs, yx=1|2 the preferred line. */
export function lineOf(q: Pick<ListQuery, 'line' | 'qx' | 'zy' | 'yx'>): Line | undefined {
  if (q.line) return q.line;
  if (q.qx === '2') return 'qx';
  if (q.zy === '2') return 'zy';
  if (q.yx === '1' || q.yx === '2') return 'yx';
  return undefined;
}

export const detailQuerySchema = z.object({
  goods_price_id: optionalId,
  ladder_price_id: optionalId,
  goods_manjian_id: optionalId,
  is_yj: flag,
  is_jxq: flag,
});
export type DetailQuery = z.output<typeof detailQuerySchema>;
