import { and, eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { coupons } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import { move } from './accounts.ts';
import { takeCoupon } from './coupons.ts';

/** 现金券充值: a current, unused cash voucher of this company becomes balance (one ledger row). */
export async function rechargeWithVoucher(
  companyId: number,
  voucherId: number,
): Promise<{ amount: number; balanceAfter: number }> {
  const db = await getDb();
  const [own] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(eq(coupons.id, voucherId), eq(coupons.companyId, companyId), eq(coupons.kind, 'cash')),
    )
    .limit(1);
  if (!own) throw notFound('现金券不存在');
  return db.transaction(async (tx) => {
    const v = await takeCoupon(tx, companyId, voucherId, 'cash', null);
    const balanceAfter = await move(
      tx,
      companyId,
      'balance',
      v.amount,
      'recharge',
      null,
      `现金券「${v.name}」充值`,
    );
    return { amount: v.amount, balanceAfter };
  });
}
