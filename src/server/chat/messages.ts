// Storing and reading messages. A message is committed before it is acknowledged or pushed, and a
// client id seen before in the conversation returns the stored message instead of a second one.
import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { CHAT_PAGE, CHAT_RATE } from '#/lib/chat.ts';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { chatConversations, chatMessages, staff } from '#/server/db/schema/index.ts';
import { limitRate } from '#/server/rateLimit.ts';
import { get, isStoredName } from '#/server/storage.ts';
import type { ChatMessage } from '#/lib/chat.ts';
import { presentMessage } from './present.ts';

const RATE_MESSAGE = '消息发送太频繁，请稍后再试';

export const messageFields = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  sender: chatMessages.sender,
  clientId: chatMessages.clientId,
  kind: chatMessages.kind,
  text: chatMessages.text,
  image: chatMessages.image,
  card: chatMessages.card,
  createdAt: chatMessages.createdAt,
  staffName: staff.name,
};

async function selectMessages(
  q: Db | Tx,
  where: SQL | undefined,
  order: 'asc' | 'desc',
  limit: number,
) {
  const rows = await q
    .select(messageFields)
    .from(chatMessages)
    .leftJoin(staff, eq(staff.id, chatMessages.staffId))
    .where(where)
    .orderBy(order === 'asc' ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(limit);
  return rows.map(presentMessage);
}

export const messagesByIds = async (q: Db | Tx, ids: readonly number[]) =>
  ids.length ? selectMessages(q, inArray(chatMessages.id, [...ids]), 'asc', ids.length) : [];

/** The message a sender already stored under this client id, if any. */
export async function sentBefore(
  q: Db | Tx,
  conversationId: number,
  sender: 'buyer' | 'staff',
  clientId: string,
): Promise<ChatMessage | null> {
  const [m] = await selectMessages(
    q,
    and(
      eq(chatMessages.conversationId, conversationId),
      eq(chatMessages.sender, sender),
      eq(chatMessages.clientId, clientId),
    ),
    'asc',
    1,
  );
  return m ?? null;
}

export const limitSender = (key: string) =>
  limitRate(`chat:${key}`, CHAT_RATE.limit, CHAT_RATE.windowMs, RATE_MESSAGE);

/** One page of a conversation, oldest first, before message `before` (the newest page without). */
export async function historyPage(conversationId: number, before: number | undefined) {
  const db = await getDb();
  const rows = await selectMessages(
    db,
    and(
      eq(chatMessages.conversationId, conversationId),
      before ? lt(chatMessages.id, before) : undefined,
    ),
    'desc',
    CHAT_PAGE + 1,
  );
  return { messages: rows.slice(0, CHAT_PAGE).reverse(), hasMore: rows.length > CHAT_PAGE };
}

/** What a stream missed after `afterId`: in conversations `where` selects, oldest first. */
export async function messagesAfter(afterId: number, where: SQL | undefined, limit = 500) {
  const db = await getDb();
  return selectMessages(
    db,
    and(
      gt(chatMessages.id, afterId),
      inArray(
        chatMessages.conversationId,
        db.select({ id: chatConversations.id }).from(chatConversations).where(where),
      ),
    ),
    'asc',
    limit,
  );
}

/**
 * What `side` has not read: for the buyer every staff and system message after their mark, for
 * the desk the buyer's messages after its mark (its own system lines are no news to it). Written
 * with table names: inside a subquery drizzle's unqualified "id" would mean the message's own id.
 */
export function unreadFor(side: 'buyer' | 'staff') {
  const readId = sql.raw(`"chat_conversations"."${side}_read_id"`);
  const from = side === 'buyer' ? sql`m.sender <> 'buyer'` : sql`m.sender = 'buyer'`;
  return sql<number>`(select count(*)::int from chat_messages m where m.conversation_id = "chat_conversations"."id" and m.id > ${readId} and ${from})`;
}

/** Moves `side`'s read mark up to `upTo` (never back, never past the last message). */
export async function markRead(
  conversationId: number,
  side: 'buyer' | 'staff',
  upTo: number,
): Promise<number> {
  const db = await getDb();
  const col = side === 'buyer' ? chatConversations.buyerReadId : chatConversations.staffReadId;
  const last = sql`(select coalesce(max(m.id), 0) from chat_messages m where m.conversation_id = ${conversationId})`;
  const [row] = await db
    .update(chatConversations)
    .set(
      side === 'buyer'
        ? { buyerReadId: sql`greatest(${col}, least(${upTo}, ${last}))` }
        : { staffReadId: sql`greatest(${col}, least(${upTo}, ${last}))` },
    )
    .where(eq(chatConversations.id, conversationId))
    .returning({ readId: col });
  return row?.readId ?? 0;
}

/** A picture of a conversation `where` selects; null when it is not one of theirs. */
export async function chatImage(name: string, where: SQL | undefined) {
  if (!isStoredName(name)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.image, name), where))
    .limit(1);
  return row ? get('chat', name) : null;
}
