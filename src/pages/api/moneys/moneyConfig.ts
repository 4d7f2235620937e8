import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireUser } from '#/server/http/auth.ts';
import { fenToYuan } from '#/lib/money.ts';
import {
  DEFAULT_FREE_SHIPPING_THRESHOLD_FEN,
  DEFAULT_SHIPPING_FEE_FEN,
  UNPAID_ORDER_TIMEOUT_MIN,
} from '#/lib/constants.ts';

/** The money rules the wallet and checkout pages show. */
export const GET = api(async (ctx) => {
  requireUser(ctx);
  return ok({
    shipping_fee: fenToYuan(DEFAULT_SHIPPING_FEE_FEN),
    free_shipping_amount: fenToYuan(DEFAULT_FREE_SHIPPING_THRESHOLD_FEN),
    unpaid_timeout_minutes: UNPAID_ORDER_TIMEOUT_MIN,
    points_per_yuan: 1,
    recharge: { by_cash_voucher: true },
  });
});
