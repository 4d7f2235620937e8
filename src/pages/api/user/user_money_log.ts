import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { pageParam, parseWith, perPageParam } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { ledgerPage } from '#/server/wallet/ledger.ts';
import { presentLedgerPage } from '#/server/wallet/present.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')
  .optional()
  .or(z.literal('').transform(() => undefined));
// use_type: 1 balance (default), 2 credit, 3 points
const Query = z.object({
  page: pageParam,
  per_page: perPageParam(50, 15),
  use_type: z.enum(['1', '2', '3'], { error: '类型不正确' }).default('1'),
  start_time: day,
  end_time: day,
});
const ACCOUNT = { '1': 'balance', '2': 'credit', '3': 'points' } as const;

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const q = parseWith(Query, readQuery(ctx.url));
  return paged(
    presentLedgerPage(
      await ledgerPage(user.companyId, ACCOUNT[q.use_type], q.page, q.per_page, {
        from: q.start_time ? new Date(`${q.start_time}T00:00:00+08:00`) : undefined,
        to: q.end_time ? new Date(`${q.end_time}T23:59:59.999+08:00`) : undefined,
      }),
    ),
  );
});
