// 领券中心 (/lqzx): coupon templates a member may claim, up to each one's per-store limit, into its
// wallet (/yhq).
import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { couponClaims, couponTemplates, coupons } from '#/server/db/schema/index.ts';
import { conflict, notFound } from '#/server/errors.ts';
import { scopeTexts } from './couponScope.ts';

export type CouponTemplate = typeof couponTemplates.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;

/** Templates claimable now, each with whether this company (null: a visitor) has claimed all it may. */
export async function couponCentre(
  companyId: number | null,
): Promise<(CouponTemplate & { claimed: boolean; scopeText: string })[]> {
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
          .select({ id: couponClaims.templateId, n: count() })
          .from(couponClaims)
          .where(
            and(
              eq(couponClaims.companyId, companyId),
              inArray(
                couponClaims.templateId,
                rows.map((r) => r.id),
              ),
            ),
          )
          .groupBy(couponClaims.templateId);
  const mine = new Map(claimed.map((c) => [c.id, c.n]));
  const texts = await scopeTexts(db, rows);
  return rows.map((t) => ({
    ...t,
    claimed: (mine.get(t.id) ?? 0) >= t.perStoreLimit,
    scopeText: texts.get(t.id)!,
  }));
}

/**
 * Claims a template within its per-store limit and total quantity: one coupon row (→ /yhq,
 * checkout) and one claim row. The template row is locked first, so concurrent claims count one
 * after another.
 */
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
      .limit(1)
      .for('update');
    if (!t) throw notFound('优惠券不存在或已结束');
    const [claims] = await tx
      .select({
        all: count(),
        mine: sql<number>`count(*) filter (where ${couponClaims.companyId} = ${companyId})::int`,
      })
      .from(couponClaims)
      .where(eq(couponClaims.templateId, t.id));
    if ((claims?.mine ?? 0) >= t.perStoreLimit)
      throw conflict(
        t.perStoreLimit === 1 ? '您已领取过该优惠券' : `每家门店最多领取${t.perStoreLimit}张`,
      );
    if (t.quantity !== null && (claims?.all ?? 0) >= t.quantity) throw conflict('优惠券已领完');
    const [c] = await tx
      .insert(coupons)
      .values({
        companyId,
        kind: t.kind,
        name: t.name,
        threshold: t.threshold,
        amount: t.amount,
        scope: t.scope,
        scopeIds: t.scopeIds,
        startsAt: now,
        endsAt: new Date(now.getTime() + t.validDays * 86_400_000),
      })
      .returning();
    await tx.insert(couponClaims).values({ templateId: t.id, companyId, couponId: c!.id });
    return c!;
  });
}
