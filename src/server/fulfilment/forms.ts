// The order desk's forms (zod): the queue's filters, shipping, cancelling, reviewing slips.
import { z } from 'zod';
import { splitCodes } from '#/lib/traceCodes.ts';
import { optId } from '#/server/http/cartSchemas.ts';
import { idParam, pageParam } from '#/server/http/validate.ts';
import { STAFF_ORDER_TABS } from './queue.ts';

/** `a[]=…` arrives as an array, `a[0]=…` past qs' array limit as an object; both become a list. */
const asList = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v;

const day = z.iso
  .date({ error: '日期格式不正确' })
  .optional()
  .or(z.literal('').transform(() => undefined));

export const OrderQueueQuery = z.object({
  status: z
    .enum(Object.keys(STAFF_ORDER_TABS) as [string, ...string[]], { error: '订单状态不正确' })
    .default('paid'),
  q: z.string().trim().max(50, '关键字最多50个字').default(''),
  from: day,
  to: day,
  page: pageParam,
});

const codes = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : typeof v === 'string' ? splitCodes(v) : asList(v)),
  z
    .array(z.string({ error: '追溯码不正确' }).trim().max(40, '追溯码不正确'), {
      error: '追溯码不正确',
    })
    .max(2000, '一行最多2000个追溯码')
    .transform((list) => list.filter(Boolean)),
);

const ShipLine = z.object({
  id: idParam,
  number: z.coerce
    .number({ error: '发货数量不正确' })
    .int('发货数量必须是整数')
    .min(0, '发货数量不正确')
    .max(1_000_000, '发货数量过大'),
  lot_id: optId,
  codes,
});

export const ShipForm = z.object({
  carrier: z
    .string({ error: '请填写承运商' })
    .trim()
    .min(1, '请填写承运商')
    .max(30, '承运商最多30个字'),
  tracking_no: z
    .string({ error: '请填写运单号' })
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, '运单号为4-40位字母、数字或-'),
  lines: z.preprocess(
    asList,
    z
      .array(ShipLine, { error: '请填写发货商品' })
      .min(1, '请填写发货商品')
      .max(300, '发货商品过多'),
  ),
  /** how many shipments the form was made from: more by now means somebody shipped meanwhile */
  shipment_count: z.coerce.number().int().min(0).max(10_000).optional(),
});
export type ShipInput = z.output<typeof ShipForm>;

const reason = z
  .string({ error: '请填写原因' })
  .trim()
  .min(2, '原因至少2个字')
  .max(200, '原因最多200个字');

export const CancelForm = z.object({ reason });

export const SlipReviewForm = z
  .object({
    state: z.enum(['confirmed', 'rejected'], { error: '请选择审核结果' }),
    reason: z.string().trim().max(200, '原因最多200个字').default(''),
  })
  .refine((f) => f.state === 'confirmed' || f.reason.length >= 2, {
    path: ['reason'],
    message: '退回时请填写原因（至少2个字）',
  });

export const SlipQueueQuery = z.object({
  status: z
    .enum(['uploaded', 'rejected', 'confirmed', 'awaiting'], { error: '状态不正确' })
    .default('uploaded'),
  page: pageParam,
});
