// A store's coupons (优惠券) and cash vouchers (现金券): listing, the usable ones, taking one.
import { and, desc, eq, gte, isNull, lte } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { coupons, type CouponKind } from '#/server/db/schema/index.ts';
import { invalid } from '#/server/errors.ts';
import { scopeTexts } from '#/server/promotions/couponScope.ts';

export type Coupon = typeof coupons.$inferSelect;
export type CouponState = 'unused' | 'used' | 'expired';

export function couponState(c: Coupon, now = new Date()): CouponState {
  if (c.usedAt != null) return 'used';
  return c.endsAt < now ? 'expired' : 'unused';
}

export async function listCoupons(
  companyId: number,
  kind: CouponKind | null,
  state: CouponState | null,
): Promise<Coupon[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.companyId, companyId), kind ? eq(coupons.kind, kind) : undefined))
    .orderBy(desc(coupons.id));
  const now = new Date();
  return rows.filter((c) => !state || couponState(c, now) === state);
}

/** Each coupon's scope as the buyer reads it (全场通用, 限分类：…), by coupon id. */
export async function couponScopeTexts(list: readonly Coupon[]): Promise<Map<number, string>> {
  return scopeTexts(await getDb(), list);
}

/** Unused, current coupons or vouchers of this company (the checkout then checks thresholds). */
export async function usableCoupons(
  companyId: number,
  kind: CouponKind | null,
  q: Db | Tx | null = null,
): Promise<Coupon[]> {
  const db = q ?? (await getDb());
  const now = new Date();
  return db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.companyId, companyId),
        kind ? eq(coupons.kind, kind) : undefined,
        isNull(coupons.usedAt),
        lte(coupons.startsAt, now),
        gte(coupons.endsAt, now),
      ),
    )
    .orderBy(desc(coupons.amount));
}

/** Days before its end a usable coupon counts as "expiring" in the member centre. */
const COUPON_EXPIRING_DAYS = 7;

/** The member centre's coupon figures (api/user/couponNum): usable coupons, of them expiring soon, usable cash vouchers. */
export async function couponCounts(
  companyId: number,
): Promise<{ usable: number; expiring: number; cash: number }> {
  const soon = new Date(Date.now() + COUPON_EXPIRING_DAYS * 86_400_000);
  const rows = await usableCoupons(companyId, null);
  const plain = rows.filter((c) => c.kind === 'coupon');
  return {
    usable: plain.length,
    expiring: plain.filter((c) => c.endsAt <= soon).length,
    cash: rows.length - plain.length,
  };
}

/** Marks a coupon used by an order; refuses one that is not this company's, used or expired. */
export async function takeCoupon(
  tx: Tx,
  companyId: number,
  id: number,
  kind: CouponKind,
  orderId: number | null,
): Promise<Coupon> {
  const now = new Date();
  const rows = await tx
    .update(coupons)
    .set({ usedOrderId: orderId, usedAt: now })
    .where(
      and(
        eq(coupons.id, id),
        eq(coupons.companyId, companyId),
        eq(coupons.kind, kind),
        isNull(coupons.usedAt),
        lte(coupons.startsAt, now),
        gte(coupons.endsAt, now),
      ),
    )
    .returning();
  if (rows.length === 0)
    throw invalid(
      kind === 'coupon' ? 'coupon_id' : 'cash_voucher_id',
      kind === 'coupon' ? '优惠券不可用' : '现金券不可用',
    );
  return rows[0]!;
}
