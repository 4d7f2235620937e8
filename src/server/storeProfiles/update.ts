// Changes to a store's profile, each audited (before → after) in its transaction and evicted from
// the caches that hold it, so the buyer's next request sees it.
import { eq, sql } from 'drizzle-orm';
import { shopIso } from '#/lib/shopClock.ts';
import { fenToYuan } from '#/lib/money.ts';
import { COMPANY_TYPE_LABELS, LICENCE_LABELS } from '#/lib/validation.ts';
import { invalidate } from '#/server/cache.ts';
import { getDb, type Tx } from '#/server/db/client.ts';
import {
  accounts,
  companies,
  controlledRules,
  goods,
  serviceAdmins,
  wallets,
} from '#/server/db/schema/index.ts';
import { conflict, invalid, notFound } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { REQUIRED_LICENCE, storeApproved } from '#/server/qualifications.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import type { CreditInput, ProfileInput } from './forms.ts';

async function lockStore(tx: Tx, id: number) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  if (!company) throw notFound('门店不存在');
  return company;
}

/** Only what changed, as {field: [before, after]} halves for the audit row. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after))
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  return Object.keys(a).length ? { before: b, after: a } : null;
}

/** The reviewer's part: type, region, rank, dedicated service contact and chat. */
export async function updateProfile(id: number, f: ProfileInput, actor: StaffActor) {
  const db = await getDb();
  const accountId = await db.transaction(async (tx) => {
    const company = await lockStore(tx, id);
    const [account] = await tx
      .select({ isCanChat: accounts.isCanChat })
      .from(accounts)
      .where(eq(accounts.id, company.accountId))
      .for('update');
    let adminId: number;
    if (f.admin.id === null) {
      const { name, phone, phone1 } = f.admin;
      const [made] = await tx
        .insert(serviceAdmins)
        .values({ name, phone, phone1 })
        .returning({ id: serviceAdmins.id });
      adminId = made!.id;
    } else {
      const [known] = await tx
        .select({ id: serviceAdmins.id })
        .from(serviceAdmins)
        .where(eq(serviceAdmins.id, f.admin.id));
      if (!known) throw invalid('admin_id', '专属客服不存在');
      adminId = known.id;
    }
    // A new type may need another licence: the approval follows the rule at once.
    const isPassed =
      f.type === company.type ? company.isPassed : await storeApproved(tx, id, f.type);
    const diff = changes(
      {
        type: company.type,
        province: company.province,
        city: company.city,
        rank: company.rank,
        admin_id: company.adminId,
        is_can_chat: account!.isCanChat,
        is_passed: company.isPassed,
      },
      {
        type: f.type,
        province: f.province,
        city: f.city,
        rank: f.rank,
        admin_id: adminId,
        is_can_chat: f.is_can_chat,
        is_passed: isPassed,
      },
    );
    if (!diff) return company.accountId;
    await tx
      .update(companies)
      .set({
        type: f.type,
        province: f.province,
        city: f.city,
        rank: f.rank,
        adminId,
        isPassed,
      })
      .where(eq(companies.id, id));
    await tx
      .update(accounts)
      .set({ isCanChat: f.is_can_chat })
      .where(eq(accounts.id, company.accountId));
    if (company.isPassed && !isPassed)
      await notifyCompany(tx, id, {
        title: '门店类型已变更',
        content: `${company.name} 的门店类型已变更为${COMPANY_TYPE_LABELS[f.type]}，需上传${LICENCE_LABELS[REQUIRED_LICENCE[f.type]]}并审核通过后才能继续采购。`,
      });
    await recordAudit(tx, actor, {
      action: 'store.update',
      entity: 'store',
      entityId: id,
      ...diff,
    });
    return company.accountId;
  });
  invalidate({ company: id, account: accountId });
}

/** Finance's part: the credit limit (never below what is in use) and the bill's due day. */
export async function updateCredit(id: number, f: CreditInput, actor: StaffActor) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockStore(tx, id);
    await tx.insert(wallets).values({ companyId: id }).onConflictDoNothing();
    const [w] = await tx.select().from(wallets).where(eq(wallets.companyId, id)).for('update');
    if (f.credit_limit < w!.creditUsed)
      throw invalid('credit_limit', `账期额度不能低于已用额度 ¥${fenToYuan(w!.creditUsed)}`);
    const diff = changes(
      { credit_limit: fenToYuan(w!.creditLimit), bill_day: w!.billDay },
      { credit_limit: fenToYuan(f.credit_limit), bill_day: f.bill_day },
    );
    if (!diff) return;
    await tx
      .update(wallets)
      .set({ creditLimit: f.credit_limit, billDay: f.bill_day })
      .where(eq(wallets.companyId, id));
    await recordAudit(tx, actor, {
      action: 'store.credit',
      entity: 'store',
      entityId: id,
      ...diff,
    });
  });
  invalidate({ company: id });
}

/** Puts the store on (or takes it off) a controlled goods' allow-list. */
export async function setAllowList(id: number, goodsId: number, allow: boolean, actor: StaffActor) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockStore(tx, id);
    const [g] = await tx
      .select({ id: goods.id, name: goods.name, isControlled: goods.isControlled })
      .from(goods)
      .where(eq(goods.id, goodsId));
    if (!g) throw invalid('goods_id', '商品不存在');
    if (!g.isControlled) throw invalid('goods_id', `${g.name}不是控销商品`);
    const [rule] = await tx
      .select()
      .from(controlledRules)
      .where(eq(controlledRules.goodsId, goodsId))
      .for('update');
    const was = Boolean(rule?.companyIds.includes(id));
    if (was === allow) return;
    if (!rule) await tx.insert(controlledRules).values({ goodsId, companyIds: [id] });
    else
      await tx
        .update(controlledRules)
        .set({
          companyIds: allow
            ? sql`array_append(${controlledRules.companyIds}, ${id})`
            : sql`array_remove(${controlledRules.companyIds}, ${id})`,
        })
        .where(eq(controlledRules.id, rule.id));
    await recordAudit(tx, actor, {
      action: 'store.allow_list',
      entity: 'store',
      entityId: id,
      before: { goods_id: goodsId, goods: g.name, allowed: was },
      after: { goods_id: goodsId, goods: g.name, allowed: allow },
    });
  });
  invalidate({ company: id, goods: [goodsId] });
}

/** Back to unsigned (e.g. a new contract version or a signer without authority): the buyer signs again before the next order. */
export async function resetContract(id: number, reason: string, actor: StaffActor) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const company = await lockStore(tx, id);
    if (!company.contractSignedAt) throw conflict('该门店尚未签署电子合同，无需重置');
    await tx.update(companies).set({ contractSignedAt: null }).where(eq(companies.id, id));
    await notifyCompany(tx, id, {
      title: '请重新签署电子购销合同',
      content: `${company.name} 的电子购销合同已重置，原因：${reason}。请在下次下单前重新签署。`,
    });
    await recordAudit(tx, actor, {
      action: 'store.contract_reset',
      entity: 'store',
      entityId: id,
      before: { contract_signed_at: shopIso(company.contractSignedAt) },
      after: { contract_signed_at: null, reason },
    });
  });
  invalidate({ company: id });
}
