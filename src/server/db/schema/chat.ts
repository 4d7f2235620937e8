import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './members.ts';
import { staff } from './staff.ts';

// Customer-service chat: one conversation per store with the shop's service staff.
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** the staff member answering it; null while it waits for one */
    staffId: integer('staff_id').references(() => staff.id),
    /** waiting (no one assigned), open, closed (the next buyer message opens it again) */
    status: text('status').notNull().default('waiting'),
    /** the last message each side has read: unread counts are the other side's messages after it */
    buyerReadId: bigint('buyer_read_id', { mode: 'number' }).notNull().default(0),
    staffReadId: bigint('staff_read_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** when the out-of-hours reply was last sent, so a burst of messages gets it once */
    autoRepliedAt: timestamp('auto_replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_conversations_company_uq').on(t.companyId),
    index('chat_conversations_staff_idx').on(t.staffId, t.lastMessageAt),
  ],
);

// Messages in id order; the id is also the stream's event id (Last-Event-ID resumes after it).
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    /** buyer, staff, or system (the out-of-hours reply, transfers) */
    sender: text('sender').notNull(),
    accountId: integer('account_id'),
    staffId: integer('staff_id').references(() => staff.id),
    /** made by the sender's client: a message sent twice (retry, reconnect) is stored once */
    clientId: text('client_id'),
    /** text, image, goods, order */
    kind: text('kind').notNull(),
    /** as typed; escaped where it is shown */
    text: text('text').notNull().default(''),
    /** the stored file's name (storage.ts area `chat`) */
    image: text('image'),
    /** what a goods or order card showed when it was sent */
    card: jsonb('card'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_client_uq')
      .on(t.conversationId, t.sender, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

// Which staff hold an open desk: a process refreshes its staff's row while their stream is open,
// so every process sees who is online without asking the others.
export const chatPresence = pgTable('chat_presence', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staff.id),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
