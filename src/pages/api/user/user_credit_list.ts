import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { pageParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { creditStatus } from '#/server/wallet/credit.ts';
import { ledgerPage } from '#/server/wallet/ledger.ts';
import { presentCreditBill, presentLedgerPage } from '#/server/wallet/present.ts';

// type: 1 bills (default), 2 credit ledger
const Query = z.object({
  page: pageParam,
  type: z.enum(['1', '2'], { error: '类型不正确' }).default('1'),
});
const PER_PAGE = 15;

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const q = parseWith(Query, readQuery(ctx.url));
  if (q.type === '2')
    return paged(presentLedgerPage(await ledgerPage(user.companyId, 'credit', q.page, PER_PAGE)));
  const s = await creditStatus(user.companyId);
  const rows = s.bills.map((b) => presentCreditBill(b));
  return paged({
    rows: rows.slice((q.page - 1) * PER_PAGE, q.page * PER_PAGE),
    total: rows.length,
    page: q.page,
    perPage: PER_PAGE,
  });
});
