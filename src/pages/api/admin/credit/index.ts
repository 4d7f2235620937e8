import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { creditAccounts } from '#/server/creditTerms/accounts.ts';
import { CreditQuery } from '#/server/creditTerms/forms.ts';
import { presentCreditAccount } from '#/server/creditTerms/present.ts';

/** Stores on credit terms with their bills; `q` filters by store name. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, 'finance');
  const f = parseWith(CreditQuery, readQuery(ctx.url));
  const page = await creditAccounts({ keyword: f.q, page: f.page, perPage: f.per_page });
  return paged({ ...page, rows: page.rows.map(presentCreditAccount) });
});
