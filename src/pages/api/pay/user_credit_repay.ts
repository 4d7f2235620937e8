import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { BalanceRepayForm } from '#/server/creditTerms/forms.ts';
import { repayFromBalance } from '#/server/creditTerms/repay.ts';
import { fenToYuan } from '#/lib/money.ts';

/** 余额还款: the member repays its credit bills from its balance, oldest due first. */
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const f = parseWith(BalanceRepayForm, await readForm(ctx.request));
  const done = await repayFromBalance(user.companyId, f.amount);
  return ok({
    used: fenToYuan(done.usedFen),
    money: fenToYuan(done.balanceFen),
    bills: done.applied.map((a) => ({ id: a.bill, period: a.period, repaid: fenToYuan(a.amount) })),
  });
});
