// A member's messages (站内信). Scoped by account: another member's message id is "not found".
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { shopIso } from '#/lib/shopClock.ts';
import { getDb } from '#/server/db/client.ts';
import { memberMessages } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import type { Page } from '#/server/http/respond.ts';

export interface MessageView {
  id: number;
  title: string;
  content: string;
  /** a site path the message points to, or '' */
  link: string;
  is_read: boolean;
  created_at: string;
}

export async function listMessages(
  accountId: number,
  page: number,
  perPage: number,
  unreadOnly: boolean,
): Promise<Page<MessageView>> {
  const db = await getDb();
  const where = and(
    eq(memberMessages.accountId, accountId),
    unreadOnly ? isNull(memberMessages.readAt) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(memberMessages)
      .where(where)
      .orderBy(desc(memberMessages.createdAt), desc(memberMessages.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(memberMessages).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      link: r.link,
      is_read: r.readAt !== null,
      created_at: shopIso(r.createdAt),
    })),
    total: Number(total?.n ?? 0),
    page,
    perPage,
  };
}

export async function markRead(accountId: number, id: number): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ readAt: memberMessages.readAt })
    .from(memberMessages)
    .where(and(eq(memberMessages.id, id), eq(memberMessages.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound('消息不存在');
  if (!row.readAt)
    await db.update(memberMessages).set({ readAt: new Date() }).where(eq(memberMessages.id, id));
}

export async function markAllRead(accountId: number): Promise<void> {
  const db = await getDb();
  await db
    .update(memberMessages)
    .set({ readAt: new Date() })
    .where(and(eq(memberMessages.accountId, accountId), isNull(memberMessages.readAt)));
}

const unread = (accountId: number) =>
  and(eq(memberMessages.accountId, accountId), isNull(memberMessages.readAt));

export async function unreadCount(accountId: number): Promise<number> {
  const db = await getDb();
  const [r] = await db.select({ n: count() }).from(memberMessages).where(unread(accountId));
  return Number(r?.n ?? 0);
}

/** The same count as a scalar subquery, for a screen that reads it with other figures. */
export const unreadCountSql = (accountId: number) =>
  sql<number>`(SELECT count(*)::int FROM ${memberMessages} WHERE ${unread(accountId)})`;
