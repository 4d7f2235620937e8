// Finance's bank-transfer forms (zod); amounts arrive in yuan and become fen here, at the edge.
import { z } from 'zod';
import { PAYMENT_STATUSES } from '#/server/db/schema/index.ts';
import { pageParam, perPageParam } from '#/server/http/validate.ts';
import { yuanToFen } from '#/lib/money.ts';

/** A yuan amount ("1234.50") as fen, at least 0.01. */
export const yuanAmount = (label: string) =>
  z.union([z.string(), z.number()], { error: `请填写${label}` }).transform((v, ctx) => {
    const fen = yuanToFen(v);
    if (fen === null || fen <= 0 || fen > 2_000_000_000) {
      ctx.addIssue({ code: 'custom', message: `${label}不正确` });
      return z.NEVER;
    }
    return fen;
  });

const note = z.string().trim().max(200, '备注最多200字').default('');

export const TransferQuery = z.object({
  status: z.enum(PAYMENT_STATUSES, { error: '状态不正确' }).optional(),
  q: z.string().trim().max(40).default(''),
  page: pageParam,
  per_page: perPageParam(100, 30),
});

export const ConfirmTransferForm = z.object({ amount: yuanAmount('到账金额'), note });

export const RejectTransferForm = z.object({
  reason: z
    .string({ error: '请填写驳回原因' })
    .trim()
    .min(2, '请填写驳回原因')
    .max(200, '驳回原因最多200字'),
});
