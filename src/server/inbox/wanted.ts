// Customer service's side of 品种求购: every store's requests by state, a reply, "arrived" naming
// the goods now on sale, or closed with the reason. Each answer is also a message to the login
// that asked, written in the same transaction, with the audit row.
import { count, desc, eq, type SQL } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { companies, goods, wantedRequests } from '#/server/db/schema/index.ts';
import { conflict, invalid, notFound } from '#/server/errors.ts';
import type { Page } from '#/server/http/respond.ts';
import { notifyAccount } from '#/server/members/notify.ts';
import { goodsPath } from '#/server/selfservice/present.ts';
import type { WantedRow } from '#/server/selfservice/wanted.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import type { WANTED_FILTERS } from './forms.ts';

export const INBOX_PER_PAGE = 30;
export type WantedInboxRow = { request: WantedRow; companyName: string; goodsName: string | null };

export async function wantedInbox(
  status: (typeof WANTED_FILTERS)[number],
  page: number,
): Promise<Page<WantedInboxRow>> {
  const db = await getDb();
  const where: SQL | undefined = status === 'all' ? undefined : eq(wantedRequests.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ request: wantedRequests, companyName: companies.name, goodsName: goods.name })
      .from(wantedRequests)
      .innerJoin(companies, eq(companies.id, wantedRequests.companyId))
      .leftJoin(goods, eq(goods.id, wantedRequests.arrivedGoodsId))
      .where(where)
      .orderBy(status === 'pending' ? wantedRequests.id : desc(wantedRequests.id))
      .limit(INBOX_PER_PAGE)
      .offset((page - 1) * INBOX_PER_PAGE),
    db.select({ n: count() }).from(wantedRequests).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0), page, perPage: INBOX_PER_PAGE };
}

async function lockRequest(tx: Tx, id: number) {
  const [r] = await tx.select().from(wantedRequests).where(eq(wantedRequests.id, id)).for('update');
  if (!r) throw notFound('求购信息不存在');
  if (r.status === 'arrived' || r.status === 'closed') throw conflict('该求购已处理完毕');
  return r;
}

export async function replyWanted(id: number, reply: string, actor: StaffActor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, id);
    await tx
      .update(wantedRequests)
      .set({ status: 'replied', reply, repliedAt: new Date(), repliedBy: actor.id })
      .where(eq(wantedRequests.id, id));
    await notifyAccount(tx, r.accountId, {
      title: `求购回复：${r.goodsName}`,
      content: reply,
      link: `/pzqg/info?id=${id}`,
    });
    await recordAudit(tx, actor, {
      action: 'wanted.reply',
      entity: 'wanted_request',
      entityId: id,
      before: { status: r.status, reply: r.reply },
      after: { status: 'replied', reply },
    });
  });
}

export async function markArrived(
  id: number,
  input: { goodsId: number; reply: string },
  actor: StaffActor,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, id);
    const [g] = await tx
      .select({ id: goods.id, name: goods.name, spec: goods.spec, isBuy: goods.isBuy })
      .from(goods)
      .where(eq(goods.id, input.goodsId))
      .limit(1);
    if (!g) throw invalid('goods_id', '商品不存在，请核对商品编号');
    if (!g.isBuy) throw invalid('goods_id', '该商品未上架，上架后再通知客户');
    const reply = input.reply || `您求购的${r.goodsName}已到货：${g.name} ${g.spec}，欢迎采购。`;
    await tx
      .update(wantedRequests)
      .set({
        status: 'arrived',
        reply,
        arrivedGoodsId: g.id,
        repliedAt: new Date(),
        repliedBy: actor.id,
      })
      .where(eq(wantedRequests.id, id));
    await notifyAccount(tx, r.accountId, {
      title: `求购到货：${g.name}`,
      content: reply,
      link: goodsPath(g.id),
    });
    await recordAudit(tx, actor, {
      action: 'wanted.arrived',
      entity: 'wanted_request',
      entityId: id,
      before: { status: r.status },
      after: { status: 'arrived', goods_id: g.id, reply },
    });
  });
}

/** Closes a request the shop will not stock (discontinued, outside the licence…), telling why. */
export async function closeWanted(id: number, reason: string, actor: StaffActor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, id);
    await tx
      .update(wantedRequests)
      .set({ status: 'closed', reply: reason, repliedAt: new Date(), repliedBy: actor.id })
      .where(eq(wantedRequests.id, id));
    await notifyAccount(tx, r.accountId, {
      title: `求购已关闭：${r.goodsName}`,
      content: reason,
      link: `/pzqg/info?id=${id}`,
    });
    await recordAudit(tx, actor, {
      action: 'wanted.close',
      entity: 'wanted_request',
      entityId: id,
      before: { status: r.status },
      after: { status: 'closed', reply: reason },
    });
  });
}
