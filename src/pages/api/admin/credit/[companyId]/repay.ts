import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { RepayForm } from '#/server/creditTerms/forms.ts';
import { repayCredit } from '#/server/creditTerms/repay.ts';
import { fenToYuan } from '#/lib/money.ts';

/** A repayment by bank transfer against the store's credit bills, oldest due first. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'finance');
  const companyId = parseWith(idParam, ctx.params['companyId']);
  const f = parseWith(RepayForm, await readForm(ctx.request));
  const done = await repayCredit(companyId, { amountFen: f.amount, reference: f.reference }, actor);
  return ok({
    company_id: companyId,
    used: fenToYuan(done.usedFen),
    bills: done.applied.map((a) => ({ id: a.bill, period: a.period, repaid: fenToYuan(a.amount) })),
  });
});
