// The staff desk: conversations waiting and assigned to me, replies, transfer and close. A reply
// to a waiting (or closed) conversation takes it; one answered by a colleague is theirs unless an
// admin steps in.
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { chatConversations, chatMessages, companies, staff } from '#/server/db/schema/index.ts';
import { conflict, invalid, notFound } from '#/server/errors.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { type ChatContent, storeContent } from './content.ts';
import { announce, type ChatEvent } from './hub.ts';
import { limitSender, markRead, messagesByIds, sentBefore, unreadFor } from './messages.ts';
import { canAnswer } from './presence.ts';
import type { ChatMessage } from '#/lib/chat.ts';
import { presentConversation } from './present.ts';

const isAdmin = (actor: StaffActor) => actor.role === 'admin';

/** A service (or admin) staff member as the desk's reads see them: admins see every chat. */
export const chatReader = (me: {
  id: number;
  login: string;
  roles: readonly string[];
}): StaffActor => ({
  id: me.id,
  login: me.login,
  role: me.roles.includes('admin') ? 'admin' : 'service',
  ip: '',
});

/** The conversations a staff member's desk and stream see: waiting ones and their own (admins: all). */
export function visibleTo(actor: Pick<StaffActor, 'id' | 'role'>): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  return or(eq(chatConversations.status, 'waiting'), eq(chatConversations.staffId, actor.id));
}

const lastMessage = (col: 'text' | 'kind') =>
  sql<
    string | null
  >`(select m.${sql.raw(col)} from chat_messages m where m.conversation_id = "chat_conversations"."id" order by m.id desc limit 1)`;

export async function listConversations(actor: StaffActor, view: 'active' | 'closed') {
  const db = await getDb();
  const active = or(
    eq(chatConversations.status, 'waiting'),
    and(eq(chatConversations.status, 'open'), eq(chatConversations.staffId, actor.id)),
    isAdmin(actor) ? eq(chatConversations.status, 'open') : undefined,
  );
  const closed = and(eq(chatConversations.status, 'closed'), visibleClosed(actor));
  const rows = await db
    .select({
      id: chatConversations.id,
      companyId: chatConversations.companyId,
      companyName: companies.name,
      status: chatConversations.status,
      staffId: chatConversations.staffId,
      staffName: staff.name,
      lastMessageAt: chatConversations.lastMessageAt,
      unread: unreadFor('staff'),
      lastText: lastMessage('text'),
      lastKind: lastMessage('kind'),
    })
    .from(chatConversations)
    .innerJoin(companies, eq(companies.id, chatConversations.companyId))
    .leftJoin(staff, eq(staff.id, chatConversations.staffId))
    .where(view === 'active' ? active : closed)
    .orderBy(desc(chatConversations.lastMessageAt))
    .limit(200);
  return rows.map(presentConversation);
}

const visibleClosed = (actor: StaffActor) =>
  isAdmin(actor) ? undefined : eq(chatConversations.staffId, actor.id);

/** A conversation this staff member may read: waiting, theirs, closed by them, or any for admins. */
export async function deskConversation(actor: StaffActor, id: number, q?: Db | Tx) {
  const db = q ?? (await getDb());
  const [c] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), visibleTo(actor)))
    .limit(1);
  if (!c) throw notFound('会话不存在或已转给其他客服');
  return c;
}

const messageEvent = (
  c: { id: number; companyId: number; staffId: number | null },
  message: ChatMessage,
  previous?: number | null,
): ChatEvent => ({
  type: 'message',
  conversation_id: c.id,
  company_id: c.companyId,
  staff_id: c.staffId,
  ...(previous !== undefined && previous !== c.staffId ? { previous_staff_id: previous } : {}),
  message,
});

export async function sendAsStaff(
  actor: StaffActor,
  conversationId: number,
  clientId: string,
  content: ChatContent,
): Promise<{ message: ChatMessage; duplicate: boolean }> {
  const db = await getDb();
  const conv = await deskConversation(actor, conversationId);
  const again = await sentBefore(db, conv.id, 'staff', clientId);
  if (again) return { message: again, duplicate: true };
  await limitSender(`staff:${actor.id}`);
  const stored = await storeContent(conv.companyId, content);
  const done = await db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, conv.id))
      .for('update');
    if (c!.status === 'open' && c!.staffId !== null && c!.staffId !== actor.id && !isAdmin(actor))
      throw conflict('该会话已由其他客服接待');
    const [inserted] = await tx
      .insert(chatMessages)
      .values({ conversationId: c!.id, sender: 'staff', staffId: actor.id, clientId, ...stored })
      .onConflictDoNothing()
      .returning({ id: chatMessages.id });
    if (!inserted) return null;
    const staffId = c!.status === 'open' && c!.staffId !== null ? c!.staffId : actor.id;
    await tx
      .update(chatConversations)
      .set({ staffId, status: 'open', lastMessageAt: sql`now()`, staffReadId: inserted.id })
      .where(eq(chatConversations.id, c!.id));
    return { id: inserted.id, conv: { ...c!, staffId }, previous: c!.staffId };
  });
  if (!done)
    return { message: (await sentBefore(db, conv.id, 'staff', clientId))!, duplicate: true };
  const [message] = await messagesByIds(db, [done.id]);
  await announce([messageEvent(done.conv, message!, done.previous)]);
  return { message: message!, duplicate: false };
}

export async function staffRead(actor: StaffActor, id: number, upTo: number): Promise<number> {
  const c = await deskConversation(actor, id);
  const readId = await markRead(c.id, 'staff', upTo);
  await announce([
    {
      type: 'read',
      conversation_id: c.id,
      company_id: c.companyId,
      staff_id: c.staffId,
      side: 'staff',
      read_id: readId,
    },
  ]);
  return readId;
}

/** A system line both sides see (transfer, close), written with the change. */
async function systemLine(tx: Tx, conversationId: number, text: string): Promise<number> {
  const [m] = await tx
    .insert(chatMessages)
    .values({ conversationId, sender: 'system', kind: 'text', text })
    .returning({ id: chatMessages.id });
  return m!.id;
}

export async function transferConversation(actor: StaffActor, id: number, toStaffId: number) {
  const db = await getDb();
  const done = await db.transaction(async (tx) => {
    const c = await deskConversation(actor, id, tx);
    if (c.status === 'closed') throw conflict('会话已结束，无法转接');
    if (toStaffId === c.staffId) throw invalid('staff_id', '会话已由该客服接待');
    const colleague = await canAnswer(tx, toStaffId);
    if (!colleague) throw invalid('staff_id', '请选择在职的客服人员');
    await tx
      .update(chatConversations)
      .set({ staffId: toStaffId, status: 'open' })
      .where(eq(chatConversations.id, c.id));
    const line = await systemLine(tx, c.id, `已为您转接客服${colleague.name}`);
    await recordAudit(tx, actor, {
      action: 'chat.transfer',
      entity: 'chat_conversation',
      entityId: c.id,
      before: { staff_id: c.staffId },
      after: { staff_id: toStaffId },
    });
    return { conv: { ...c, staffId: toStaffId }, previous: c.staffId, line };
  });
  const [message] = await messagesByIds(db, [done.line]);
  await announce([messageEvent(done.conv, message!, done.previous)]);
}

export async function closeConversation(actor: StaffActor, id: number) {
  const db = await getDb();
  const done = await db.transaction(async (tx) => {
    const c = await deskConversation(actor, id, tx);
    if (c.status === 'closed') throw conflict('会话已结束');
    if (c.status === 'open' && c.staffId !== actor.id && !isAdmin(actor))
      throw conflict('该会话已由其他客服接待');
    const staffId = c.staffId ?? actor.id;
    await tx
      .update(chatConversations)
      .set({ status: 'closed', staffId })
      .where(eq(chatConversations.id, c.id));
    const line = await systemLine(tx, c.id, '本次会话已结束，如有问题可随时再次咨询');
    await recordAudit(tx, actor, {
      action: 'chat.close',
      entity: 'chat_conversation',
      entityId: c.id,
      before: { status: c.status },
      after: { status: 'closed' },
    });
    return { conv: { ...c, staffId }, line };
  });
  const [message] = await messagesByIds(db, [done.line]);
  await announce([messageEvent(done.conv, message!)]);
}

/** Colleagues a conversation may be handed to. */
export async function colleagues(actor: StaffActor) {
  const db = await getDb();
  return db
    .select({ id: staff.id, name: staff.name, login: staff.login })
    .from(staff)
    .where(
      and(
        eq(staff.disabled, false),
        sql`${staff.roles} && array['service','admin']::text[]`,
        sql`${staff.id} <> ${actor.id}`,
      ),
    )
    .orderBy(staff.id);
}
