// Coupon and cash-voucher templates of the coupon centre (/lqzx) as the merchandiser keeps them.
// Buyers claim them through promotions/coupons.ts, which keeps the per-store limit and quantity.
import { count, desc, eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { couponClaims, couponTemplates } from '#/server/db/schema/index.ts';
import type { CouponKind, CouponScope } from '#/server/db/schema/index.ts';
import { checkScope, scopeTexts } from '#/server/promotions/couponScope.ts';
import { invalid } from '#/server/errors.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { changeRow } from './change.ts';
import { checkWindow, endedNow } from './window.ts';

export interface CouponTemplateInput {
  kind: CouponKind;
  name: string;
  /** fen; 0 = no threshold (a cash voucher never has one) */
  thresholdFen: number;
  amountFen: number;
  /** what it may be used on; scopeIds name the goods, categories or brands ([] for 'all') */
  scope: CouponScope;
  scopeIds: number[];
  validDays: number;
  quantity: number | null;
  perStoreLimit: number;
  sort: number;
  startsAt: Date;
  endsAt: Date;
}

export type CouponTemplateRow = typeof couponTemplates.$inferSelect & {
  claimedCount: number;
  scopeText: string;
};

/** A coupon worth its whole threshold or more would pay for the order by itself. */
export function checkCouponTemplate(input: CouponTemplateInput): void {
  checkWindow(input);
  if (input.kind === 'cash' && input.thresholdFen > 0)
    throw invalid('threshold', '现金券不设使用门槛');
  if (input.kind === 'coupon' && input.thresholdFen > 0 && input.amountFen >= input.thresholdFen)
    throw invalid('amount', '优惠券面额须小于使用门槛');
  if (input.kind === 'cash' && input.scope !== 'all')
    throw invalid('scope', '现金券适用全部商品，不能限定范围');
  if (input.scope !== 'all' && input.scopeIds.length === 0)
    throw invalid('scope_ids', '请填写适用的商品、分类或品牌编号');
  if (input.quantity !== null && input.perStoreLimit > input.quantity)
    throw invalid('per_store_limit', '每店限领不能多于发放总量');
}

export async function listCouponTemplates(limit: number): Promise<CouponTemplateRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ t: couponTemplates, claimedCount: count(couponClaims.id) })
    .from(couponTemplates)
    .leftJoin(couponClaims, eq(couponClaims.templateId, couponTemplates.id))
    .groupBy(couponTemplates.id)
    .orderBy(desc(couponTemplates.id))
    .limit(limit);
  const texts = await scopeTexts(
    db,
    rows.map((r) => r.t),
  );
  return rows.map((r) => ({ ...r.t, claimedCount: r.claimedCount, scopeText: texts.get(r.t.id)! }));
}

const fields = (input: CouponTemplateInput) => ({
  kind: input.kind,
  name: input.name,
  threshold: input.thresholdFen,
  amount: input.amountFen,
  scope: input.scope,
  scopeIds: input.scope === 'all' ? [] : input.scopeIds,
  validDays: input.validDays,
  quantity: input.quantity,
  perStoreLimit: input.perStoreLimit,
  sort: input.sort,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
});

// What every change of a template is audited as, and its 404.
const TEMPLATE = { entity: 'coupon_template', missing: '优惠券不存在' };

/** Creates (id null) or changes a template; coupons already claimed keep their terms. */
export async function saveCouponTemplate(
  id: number | null,
  input: CouponTemplateInput,
  actor: StaffActor,
): Promise<number> {
  checkCouponTemplate(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await checkScope(tx, input);
    if (id === null) {
      const [row] = await tx.insert(couponTemplates).values(fields(input)).returning();
      await recordAudit(tx, actor, {
        action: 'promotion.coupon.create',
        entity: 'coupon_template',
        entityId: row!.id,
        after: row,
      });
      return row!.id;
    }
    await changeRow(tx, actor, couponTemplates, id, {
      ...TEMPLATE,
      set: () => fields(input),
      action: 'promotion.coupon.update',
    });
    return id;
  });
}

/** Stops claiming now; coupons already claimed stay valid for their own days. */
export async function endCouponTemplate(id: number, actor: StaffActor): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) =>
    changeRow(tx, actor, couponTemplates, id, {
      ...TEMPLATE,
      set: endedNow,
      action: 'promotion.coupon.end',
    }),
  );
}
