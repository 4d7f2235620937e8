// The buyer's side: one conversation per store with the shop. Sending opens the conversation (or
// opens it again after it was closed), routes it to a staff member and, outside service hours,
// answers once with the hours.
import { eq, sql } from 'drizzle-orm';
import { inServiceHours, outOfHoursReply } from '#/lib/chat.ts';
import { getDb } from '#/server/db/client.ts';
import { accounts, chatConversations, chatMessages } from '#/server/db/schema/index.ts';
import { forbidden } from '#/server/errors.ts';
import type { SessionUser } from '#/server/sessions.ts';
import { type ChatContent, storeContent } from './content.ts';
import { chatHours } from './hours.ts';
import { announce } from './hub.ts';
import {
  historyPage,
  limitSender,
  markRead,
  messagesByIds,
  sentBefore,
  unreadFor,
} from './messages.ts';
import type { ChatMessage } from '#/lib/chat.ts';
import { pickStaff } from './routing.ts';

/** The out-of-hours reply is sent again only after this much quiet. */
const AUTO_REPLY_EVERY_MS = 30 * 60 * 1000;

/** Chat is a login's setting (reviewers switch it on the store desk). */
export async function chatAllowed(user: SessionUser): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ can: accounts.isCanChat })
    .from(accounts)
    .where(eq(accounts.id, user.accountId))
    .limit(1);
  return Boolean(row?.can);
}

export async function requireChat(user: SessionUser): Promise<void> {
  if (!(await chatAllowed(user))) throw forbidden('您的账号未开通在线客服，请联系QQ客服');
}

async function conversationOf(companyId: number) {
  const db = await getDb();
  const [c] = await db
    .select({
      id: chatConversations.id,
      status: chatConversations.status,
      unread: unreadFor('buyer'),
    })
    .from(chatConversations)
    .where(eq(chatConversations.companyId, companyId))
    .limit(1);
  return c ?? null;
}

export async function buyerHistory(user: SessionUser, before: number | undefined) {
  const c = await conversationOf(user.companyId);
  if (!c) return { messages: [], hasMore: false, status: null, unread: 0 };
  return { ...(await historyPage(c.id, before)), status: c.status, unread: c.unread };
}

export const buyerUnread = async (companyId: number) =>
  (await conversationOf(companyId))?.unread ?? 0;

export async function buyerRead(user: SessionUser, upTo: number): Promise<number> {
  const c = await conversationOf(user.companyId);
  if (!c) return 0;
  const readId = await markRead(c.id, 'buyer', upTo);
  await announce([
    {
      type: 'read',
      conversation_id: c.id,
      company_id: user.companyId,
      staff_id: null,
      side: 'buyer',
      read_id: readId,
    },
  ]);
  return readId;
}

export async function sendAsBuyer(
  user: SessionUser,
  clientId: string,
  content: ChatContent,
): Promise<{ message: ChatMessage; duplicate: boolean }> {
  const db = await getDb();
  const existing = await conversationOf(user.companyId);
  const again = existing && (await sentBefore(db, existing.id, 'buyer', clientId));
  if (again) return { message: again, duplicate: true };
  await limitSender(`buyer:${user.accountId}`);
  const stored = await storeContent(user.companyId, content);
  const hours = await chatHours();
  const now = new Date();
  const open = inServiceHours(hours, now);
  const done = await db.transaction(async (tx) => {
    await tx.insert(chatConversations).values({ companyId: user.companyId }).onConflictDoNothing();
    const [conv] = await tx
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.companyId, user.companyId))
      .for('update');
    const [inserted] = await tx
      .insert(chatMessages)
      .values({
        conversationId: conv!.id,
        sender: 'buyer',
        accountId: user.accountId,
        clientId,
        ...stored,
      })
      .onConflictDoNothing()
      .returning({ id: chatMessages.id });
    if (!inserted) return { conv: conv!, ids: [] };
    let { staffId, status } = conv!;
    if (status !== 'open' || staffId === null) {
      staffId = open ? await pickStaff(tx, user.companyId) : null;
      status = staffId ? 'open' : 'waiting';
    }
    const ids = [inserted.id];
    let autoRepliedAt = conv!.autoRepliedAt;
    if (
      !open &&
      (!autoRepliedAt || now.getTime() - autoRepliedAt.getTime() > AUTO_REPLY_EVERY_MS)
    ) {
      const [reply] = await tx
        .insert(chatMessages)
        .values({
          conversationId: conv!.id,
          sender: 'system',
          kind: 'text',
          text: outOfHoursReply(hours),
        })
        .returning({ id: chatMessages.id });
      ids.push(reply!.id);
      autoRepliedAt = now;
    }
    await tx
      .update(chatConversations)
      .set({ staffId, status, autoRepliedAt, lastMessageAt: sql`now()`, buyerReadId: ids.at(-1)! })
      .where(eq(chatConversations.id, conv!.id));
    return { conv: { ...conv!, staffId, previous: conv!.staffId }, ids };
  });
  if (done.ids.length === 0) {
    // The same client id raced itself: the other request stored it.
    const first = await sentBefore(db, done.conv.id, 'buyer', clientId);
    return { message: first!, duplicate: true };
  }
  const messages = await messagesByIds(db, done.ids);
  await announce(
    messages.map((message) => ({
      type: 'message' as const,
      conversation_id: done.conv.id,
      company_id: user.companyId,
      staff_id: done.conv.staffId,
      message,
    })),
  );
  return { message: messages[0]!, duplicate: false };
}
