// Reminding a buyer that a licence in use expires soon (or has expired): a message on /wdxx,
// at most once a day per licence so a double click or two reviewers do not repeat it.
import { and, eq } from 'drizzle-orm';
import { shopDay, shopIso } from '#/lib/shopClock.ts';
import { LICENCE_LABELS } from '#/lib/validation.ts';
import { getDb } from '#/server/db/client.ts';
import { companies, licences } from '#/server/db/schema/index.ts';
import { conflict, notFound } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { daysUntil } from '#/server/qualifications.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { expiringWhere } from './queue.ts';

export async function remindLicence(id: number, actor: StaffActor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ licence: licences, company: { id: companies.id, name: companies.name } })
      .from(licences)
      .innerJoin(companies, eq(companies.id, licences.companyId))
      .where(eq(licences.id, id))
      .for('update', { of: licences });
    if (!row) throw notFound('证件不存在');
    const { licence, company } = row;
    const today = shopDay(new Date());
    const [due] = await tx
      .select({ id: licences.id })
      .from(licences)
      .where(and(eq(licences.id, id), expiringWhere(today)));
    if (!due) throw conflict('该证件不需要到期提醒');
    if (licence.remindedAt && shopDay(licence.remindedAt) === today)
      throw conflict('今天已提醒过该客户');
    const days = daysUntil(licence.expiresOn, today);
    const label = LICENCE_LABELS[licence.type];
    await notifyCompany(
      tx,
      company.id,
      days < 0
        ? {
            title: '资质已过期',
            content: `${company.name} 的${label}（${licence.number}）已于 ${licence.expiresOn} 过期，暂时无法下单。请尽快在“资质证件”中上传新证。`,
          }
        : {
            title: '资质即将到期',
            content: `${company.name} 的${label}（${licence.number}）将于 ${licence.expiresOn} 到期（还剩${days}天）。请及时在“资质证件”中上传新证，以免影响采购。`,
          },
    );
    const remindedAt = new Date();
    await tx.update(licences).set({ remindedAt }).where(eq(licences.id, id));
    await recordAudit(tx, actor, {
      action: 'licence.remind',
      entity: 'licence',
      entityId: id,
      before: { reminded_at: shopIso(licence.remindedAt) },
      after: {
        reminded_at: shopIso(remindedAt),
        expires_on: licence.expiresOn,
        days_left: days,
      },
    });
  });
}
