// The back office's return forms (zod): lines arrive as `lines[i][field]`.
import { z } from 'zod';
import { RETURN_STATUSES } from '#/server/db/schema/index.ts';
import { idParam, pageParam, perPageParam } from '#/server/http/validate.ts';

const asList = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v;
const units = (what: string) =>
  z.coerce
    .number({ error: `${what}不正确` })
    .int(`${what}必须是整数`)
    .min(0, `${what}不能为负数`)
    .max(1_000_000, `${what}过大`);
const lineList = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(asList, z.array(z.object({ id: idParam, ...shape })).max(200)).default([]);

export const ReturnQuery = z.object({
  status: z.enum(RETURN_STATUSES, { error: '状态不正确' }).optional(),
  page: pageParam,
  per_page: perPageParam(100, 20),
});

export const ReviewForm = z.discriminatedUnion(
  'decision',
  [
    z.object({
      decision: z.literal('approve'),
      lines: lineList({ number: units('同意数量') }),
    }),
    z.object({
      decision: z.literal('reject'),
      reason: z
        .string({ error: '请填写拒绝原因' })
        .trim()
        .min(2, '请填写拒绝原因')
        .max(200, '拒绝原因最多200字'),
    }),
  ],
  { error: '请选择审核结果' },
);

export const ReceiveForm = z.object({
  lines: lineList({
    received: units('收货数量').default(0),
    written_off: units('报损数量').default(0),
  }),
});
