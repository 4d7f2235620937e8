import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { walletOf } from '#/server/wallet/accounts.ts';
import { fenToYuan } from '#/lib/money.ts';

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const w = await walletOf(user.companyId);
  return ok({
    money: fenToYuan(w.balance),
    points: w.points,
    credit_limit: fenToYuan(w.creditLimit),
    credit_used: fenToYuan(w.creditUsed),
    /** the day of the month a credit bill is due; null = the month's last day */
    bill_day: w.billDay,
  });
});
