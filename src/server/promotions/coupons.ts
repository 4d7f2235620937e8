// 领券中心 (/lqzx): coupon templates a member may claim, once each, into its wallet (/yhq).
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { couponClaims, couponTemplates, coupons } from '#/server/db/schema/index.ts';
import { conflict, notFound } from '#/server/errors.ts';

export type CouponTemplate = typeof couponTemplates.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;

/** Templates claimable now, each with whether this company (null: a visitor) has claimed it. */
export async function couponCentre(
  companyId: number | null,
): Promise<(CouponTemplate & { claimed: boolean })[]> {
  const db = await getDb();
  const now = new Date();
  const rows = await db
    .select()
    .from(couponTemplates)
    .where(and(lte(couponTemplates.startsAt, now), gte(couponTemplates.endsAt, now)))
    .orderBy(asc(couponTemplates.sort), asc(couponTemplates.id));
  const claimed =
    companyId === null || rows.length === 0
      ? []
      : await db
          .select({ id: couponClaims.templateId })
          .from(couponClaims)
          .where(
            and(
              eq(couponClaims.companyId, companyId),
              inArray(
                couponClaims.templateId,
                rows.map((r) => r.id),
              ),
            ),
          );
  const mine = new Set(claimed.map((c) => c.id));
  return rows.map((t) => ({ ...t, claimed: mine.has(t.id) }));
}

/** Claims a template once per company: one coupon row (→ /yhq, checkout) and one claim row. */
export async function claimCoupon(companyId: number, templateId: number): Promise<Coupon> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const now = new Date();
    const [t] = await tx
      .select()
      .from(couponTemplates)
      .where(
        and(
          eq(couponTemplates.id, templateId),
          lte(couponTemplates.startsAt, now),
          gte(couponTemplates.endsAt, now),
        ),
      )
      .limit(1);
    if (!t) throw notFound('优惠券不存在或已结束');
    const [had] = await tx
      .select({ id: couponClaims.id })
      .from(couponClaims)
      .where(and(eq(couponClaims.templateId, t.id), eq(couponClaims.companyId, companyId)))
      .limit(1);
    if (had) throw conflict('您已领取过该优惠券');
    const [c] = await tx
      .insert(coupons)
      .values({
        companyId,
        kind: t.kind,
        name: t.name,
        threshold: t.threshold,
        amount: t.amount,
        startsAt: now,
        endsAt: new Date(now.getTime() + t.validDays * 86_400_000),
      })
      .returning();
    // The unique index settles two concurrent claims: the second one fails and rolls back.
    const claim = await tx
      .insert(couponClaims)
      .values({ templateId: t.id, companyId, couponId: c!.id })
      .onConflictDoNothing()
      .returning({ id: couponClaims.id });
    if (claim.length === 0) throw conflict('您已领取过该优惠券');
    return c!;
  });
}
