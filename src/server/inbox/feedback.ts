// Customer service's side of 意见反馈: every login's feedback, unanswered first, and a reply that
// reaches the login's messages (same transaction, with the audit row). A reply may be corrected:
// the buyer gets the new one as another message.
import { count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { accounts, companies, feedback } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import type { Page } from '#/server/http/respond.ts';
import { notifyAccount } from '#/server/members/notify.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import type { FEEDBACK_FILTERS } from './forms.ts';
import { INBOX_PER_PAGE } from './wanted.ts';

export type FeedbackRow = typeof feedback.$inferSelect;
export type FeedbackInboxRow = {
  feedback: FeedbackRow;
  username: string;
  companyName: string | null;
};

export async function feedbackInbox(
  status: (typeof FEEDBACK_FILTERS)[number],
  page: number,
): Promise<Page<FeedbackInboxRow>> {
  const db = await getDb();
  const where: SQL | undefined =
    status === 'pending'
      ? isNull(feedback.repliedAt)
      : status === 'replied'
        ? isNotNull(feedback.repliedAt)
        : undefined;
  // The login's first store names who wrote (a login managing several stores is rare).
  const companyName = sql<
    string | null
  >`(SELECT ${companies.name} FROM ${companies} WHERE ${companies.accountId} = ${feedback.accountId} ORDER BY ${companies.id} LIMIT 1)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        feedback,
        username: accounts.username,
        companyName,
      })
      .from(feedback)
      .innerJoin(accounts, eq(accounts.id, feedback.accountId))
      .where(where)
      .orderBy(status === 'pending' ? feedback.id : desc(feedback.id))
      .limit(INBOX_PER_PAGE)
      .offset((page - 1) * INBOX_PER_PAGE),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0), page, perPage: INBOX_PER_PAGE };
}

export async function replyFeedback(id: number, reply: string, actor: StaffActor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [f] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
    if (!f) throw notFound('反馈不存在');
    await tx
      .update(feedback)
      .set({ reply, repliedAt: new Date(), repliedBy: actor.id })
      .where(eq(feedback.id, id));
    await notifyAccount(tx, f.accountId, {
      title: '意见反馈回复',
      content: `您的反馈：${f.content.slice(0, 60)}${f.content.length > 60 ? '…' : ''}\n客服回复：${reply}`,
      link: '/yjfk',
    });
    await recordAudit(tx, actor, {
      action: 'feedback.reply',
      entity: 'feedback',
      entityId: id,
      before: { reply: f.reply },
      after: { reply },
    });
  });
}
