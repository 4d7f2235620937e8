// The chat's wire format (snake_case, money as yuan strings) made from stored rows.
import type {
  ChatCard,
  ChatKind,
  ChatMessage,
  ChatSender,
  ConversationStatus,
} from '#/lib/chat.ts';
import { shopIso } from '#/lib/shopClock.ts';

export interface ChatMessageRow {
  id: number;
  conversationId: number;
  sender: string;
  clientId: string | null;
  kind: string;
  text: string;
  image: string | null;
  card: unknown;
  createdAt: Date;
  staffName: string | null;
}

export const presentMessage = (m: ChatMessageRow): ChatMessage => ({
  id: m.id,
  conversation_id: m.conversationId,
  client_id: m.clientId,
  sender: m.sender as ChatSender,
  staff_name: m.sender === 'staff' ? m.staffName : null,
  kind: m.kind as ChatKind,
  text: m.text,
  image: m.image,
  card: (m.card as ChatCard | null) ?? null,
  created_at: shopIso(m.createdAt),
});

export interface ConversationRow {
  id: number;
  companyId: number;
  companyName: string;
  status: string;
  staffId: number | null;
  staffName: string | null;
  lastMessageAt: Date;
  unread: number;
  lastText: string | null;
  lastKind: string | null;
}

const PREVIEW: Record<string, string> = { image: '[图片]', goods: '[商品]', order: '[订单]' };

export const presentConversation = (c: ConversationRow) => ({
  id: c.id,
  company: { id: c.companyId, name: c.companyName },
  status: c.status as ConversationStatus,
  staff: c.staffId ? { id: c.staffId, name: c.staffName ?? '' } : null,
  last_message_at: shopIso(c.lastMessageAt),
  last_message: c.lastKind ? (PREVIEW[c.lastKind] ?? (c.lastText ?? '').slice(0, 60)) : '',
  unread: c.unread,
});
