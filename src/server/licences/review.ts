// A reviewer's decision on a licence: approve (with the business scope when it is the store's
// required licence) or reject with a reason. A decision may be changed later (an approved licence
// found forged is rejected); the store's approval (is_passed) follows its required licence either
// way, and the buyer is told.
import { eq } from 'drizzle-orm';
import { shopDay } from '#/lib/shopClock.ts';
import { DEFAULT_SCOPE } from '#/lib/businessScope.ts';
import { LICENCE_LABELS } from '#/lib/validation.ts';
import { invalidate } from '#/server/cache.ts';
import { getDb } from '#/server/db/client.ts';
import { companies, licences } from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { daysUntil, REQUIRED_LICENCE, storeApproved } from '#/server/qualifications.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import type { ReviewInput } from './forms.ts';

export async function reviewLicence(
  id: number,
  decision: ReviewInput,
  actor: StaffActor,
): Promise<void> {
  const db = await getDb();
  const companyId = await db.transaction(async (tx) => {
    const [licence] = await tx.select().from(licences).where(eq(licences.id, id)).for('update');
    if (!licence) throw notFound('证件不存在');
    // The store row is locked too: two reviews of one store's licences set is_passed in turn.
    const [company] = await tx
      .select()
      .from(companies)
      .where(eq(companies.id, licence.companyId))
      .for('update');
    if (!company) throw notFound('证件不存在');
    const label = LICENCE_LABELS[licence.type];
    const required = licence.type === REQUIRED_LICENCE[company.type];
    const approve = decision.state === 'approved';
    if (approve && daysUntil(licence.expiresOn, shopDay(new Date())) < 0)
      throw invalid('state', '证件已过期，不能审核通过，请提醒客户上传新证');
    if (decision.jyfw && !(approve && required))
      throw invalid(
        'jyfw',
        `经营范围随${LICENCE_LABELS[REQUIRED_LICENCE[company.type]]}审核通过时设置`,
      );

    await tx
      .update(licences)
      .set({
        state: decision.state,
        remark: decision.remark,
        reviewedAt: new Date(),
        reviewedBy: actor.id,
      })
      .where(eq(licences.id, id));
    // The business scope comes with the approval: as the reviewer set it, else what the store
    // already has, else its type's usual one.
    const jyfw =
      approve && required
        ? (decision.jyfw ?? (company.jyfw.length ? company.jyfw : [...DEFAULT_SCOPE[company.type]]))
        : company.jyfw;
    const isPassed = await storeApproved(tx, company.id, company.type);
    await tx.update(companies).set({ isPassed, jyfw }).where(eq(companies.id, company.id));

    await notifyCompany(
      tx,
      company.id,
      approve
        ? {
            title: '资质审核通过',
            content: `${company.name} 的${label}（${licence.number}）已审核通过。`,
          }
        : {
            title: '资质审核未通过',
            content: `${company.name} 的${label}（${licence.number}）未通过审核：${decision.remark}。请重新上传清晰、有效的证件。`,
          },
    );
    await recordAudit(tx, actor, {
      action: approve ? 'licence.approve' : 'licence.reject',
      entity: 'licence',
      entityId: id,
      before: {
        state: licence.state,
        remark: licence.remark,
        company: { id: company.id, is_passed: company.isPassed, jyfw: company.jyfw },
      },
      after: {
        state: decision.state,
        remark: decision.remark,
        company: { id: company.id, is_passed: isPassed, jyfw },
      },
    });
    return company.id;
  });
  // Sessions and buyers carry the store's approval (is_passed), scope and licence state.
  invalidate({ company: companyId });
}
