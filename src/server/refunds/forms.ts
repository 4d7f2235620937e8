// Finance's refund forms (zod).
import { z } from 'zod';
import { REFUND_STATUSES } from '#/server/db/schema/index.ts';
import { pageParam, perPageParam } from '#/server/http/validate.ts';

export const RefundQuery = z.object({
  status: z.enum(['waiting', ...REFUND_STATUSES], { error: '状态不正确' }).optional(),
  page: pageParam,
  per_page: perPageParam(100, 30),
});

export const PaidOutForm = z.object({
  note: z.string().trim().max(200, '备注最多200字').default(''),
});
