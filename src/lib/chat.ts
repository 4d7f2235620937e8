// Customer-service chat rules shared by the browser and the server: message limits, service
// hours in the shop's clock (UTC+8), the desk's quick replies.
import { shopMinuteOfDay } from './shopClock.ts';

/** A text message, as typed, at most this many characters. */
export const CHAT_TEXT_MAX = 1000;
/** Chat pictures: JPG or PNG by content, at most 5 MB. */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** How many messages one member may send in a window (per login, all its stores together). */
export const CHAT_RATE = { limit: 20, windowMs: 10_000 } as const;
/** One page of history. */
export const CHAT_PAGE = 30;

export type ChatSender = 'buyer' | 'staff' | 'system';
export type ChatKind = 'text' | 'image' | 'goods' | 'order';
export type ConversationStatus = 'waiting' | 'open' | 'closed';

/** Service hours as "HH:MM" in Beijing time; `close` may be "24:00". */
export interface ChatHours {
  open: string;
  close: string;
}
export const DEFAULT_CHAT_HOURS: ChatHours = { open: '08:30', close: '21:00' };

export const HOUR_MINUTE = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `at` falls inside the service hours (Beijing time; an open after close spans midnight). */
export function inServiceHours(hours: ChatHours, at: Date): boolean {
  const now = shopMinuteOfDay(at);
  const open = minutes(hours.open);
  const close = minutes(hours.close);
  return open <= close ? now >= open && now < close : now >= open || now < close;
}

/** The automatic reply outside service hours. */
export const outOfHoursReply = (hours: ChatHours) =>
  `您好，现在是非工作时间（客服工作时间为每天 ${hours.open}–${hours.close}）。您的留言已收到，客服上班后会第一时间回复您。`;

export const QUICK_REPLIES: readonly string[] = [
  '您好，我是药批客服，很高兴为您服务，请问有什么可以帮您？',
  '请稍等，我帮您查询一下。',
  '该商品目前有货，您可以直接下单，当天16:00前付款当天发货。',
  '订单已安排发货，物流单号可在“我的订单”中查看。',
  '感谢您的咨询，如还有其他问题请随时联系我们。',
];

/** A client-made message id: letters, digits, dashes, 8–64 characters (a UUID fits). */
export const CLIENT_ID = /^[\w-]{8,64}$/;

export interface GoodsCard {
  type: 'goods';
  id: number;
  name: string;
  spec: string;
  manufacturer: string;
  image: string;
}
export interface OrderCard {
  type: 'order';
  id: number;
  no: string;
  status_text: string;
  payable: string;
  created_at: string;
}
export type ChatCard = GoodsCard | OrderCard;

/** A message on the wire (API answers and stream events). */
export interface ChatMessage {
  id: number;
  conversation_id: number;
  client_id: string | null;
  sender: ChatSender;
  /** the answering staff member's name, for staff messages */
  staff_name: string | null;
  kind: ChatKind;
  /** as typed: the reader's screen escapes it */
  text: string;
  /** the stored picture's name; each side reads it through its own images endpoint */
  image: string | null;
  card: ChatCard | null;
  created_at: string;
}

/** Adds messages to a list kept in id order, each id once. */
export function mergeMessages(
  list: readonly ChatMessage[],
  add: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of add) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
