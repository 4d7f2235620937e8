// The buyer's chat in the page: one stream for the toolbar badge and the panel, the history
// paged backwards, and the outbox. Loaded by header.ts only for members who may chat.
import { mergeMessages, type ChatMessage } from '#/lib/chat.ts';
import {
  $chatConnection,
  $chatHasMore,
  $chatMessages,
  $chatOpen,
  $chatPending,
  $chatUnread,
} from '#/stores/chat.ts';
import { toast } from '#/stores/notice.ts';
import { api, ignoreHandled } from './api.ts';
import { openChannel } from './chatChannel.ts';
import { localOutboxStore, makeOutbox, newClientId, type Outgoing } from './chatOutbox.ts';

const PATH = '/api/chat/messages';
let channel: ReturnType<typeof openChannel> | null = null;
let stopOpening: (() => void) | null = null;
let kept = false;

interface History {
  messages: ChatMessage[];
  has_more: boolean;
  unread: number;
}

const lastId = () => $chatMessages.get()?.at(-1)?.id ?? 0;

async function markRead(): Promise<void> {
  $chatUnread.set(0);
  const upTo = lastId();
  if (upTo > 0)
    await api
      .post('/api/chat/read', { last_id: upTo }, { silent: true, independent: true })
      .catch(ignoreHandled);
}

function received(m: ChatMessage): void {
  const list = $chatMessages.get();
  if (list) $chatMessages.set(mergeMessages(list, [m]));
  $chatPending.set(
    $chatPending.get().filter((p) => p.clientId !== m.client_id || m.sender !== 'buyer'),
  );
  if (m.sender === 'buyer') return;
  if ($chatOpen.get() && !document.hidden) void markRead();
  else $chatUnread.set($chatUnread.get() + 1);
}

// Made on first use: the panel's module is also imported while the server renders pages.
let outbox: ReturnType<typeof makeOutbox<ChatMessage>> | undefined;
const box = () =>
  (outbox ??= makeOutbox<ChatMessage>({
    onSent: (_item, m) => received(m),
    onRefused: (item, reason) => {
      $chatPending.set(
        $chatPending
          .get()
          .map((p) => (p.clientId === item.clientId ? { ...p, failed: reason } : p)),
      );
      toast(reason, 'error');
    },
  }));

/** The stream's first hello names the member: messages an earlier page left unsent go now. */
function keepOutbox(member: string | undefined): void {
  if (kept || !member) return;
  kept = true;
  const left = box().keepIn(localOutboxStore(member));
  if (left.length)
    $chatPending.set([
      ...$chatPending.get(),
      ...left.map((i) => ({ clientId: i.clientId, preview: i.preview ?? '' })),
    ]);
}

export function startChat(): void {
  if (channel) return;
  channel = openChannel({
    url: '/api/chat/stream',
    pauseWhenHidden: true,
    onState: (s) => {
      $chatConnection.set(s);
      if (s === 'online') box().flush();
    },
    onEvent: (type, data) => {
      if (type === 'hello') {
        const hello = data as { unread: number; member?: string };
        if (!$chatOpen.get()) $chatUnread.set(hello.unread);
        keepOutbox(hello.member);
      } else if (type === 'message') {
        received((data as { message: ChatMessage }).message);
      } else if (type === 'read') {
        $chatUnread.set(0);
      }
    },
  });
  stopOpening = $chatOpen.subscribe((open) => {
    if (open) void openPanel();
  });
}

/** Logging out: the stream closes now, before the session ends under it. */
export function stopChat(): void {
  channel?.close();
  channel = null;
  stopOpening?.();
  stopOpening = null;
  $chatOpen.set(false);
  $chatUnread.set(0);
  $chatConnection.set('offline');
}

async function openPanel(): Promise<void> {
  if ($chatMessages.get() === null) {
    try {
      const res = await api.get<{ data: History }>(PATH, undefined, { independent: true });
      $chatMessages.set(mergeMessages($chatMessages.get() ?? [], res.data.messages));
      $chatHasMore.set(res.data.has_more);
    } catch (error) {
      ignoreHandled(error);
      return;
    }
  }
  await markRead();
}

export async function loadOlder(): Promise<void> {
  const first = $chatMessages.get()?.[0]?.id;
  if (!first) return;
  try {
    const res = await api.get<{ data: History }>(PATH, { before: first }, { independent: true });
    $chatMessages.set(mergeMessages($chatMessages.get() ?? [], res.data.messages));
    $chatHasMore.set(res.data.has_more);
  } catch (error) {
    ignoreHandled(error);
  }
}

function queue(preview: string, body: (clientId: string) => Outgoing['body']): void {
  const clientId = newClientId();
  $chatPending.set([...$chatPending.get(), { clientId, preview }]);
  box().send({ clientId, path: PATH, body: body(clientId), preview });
}

export const sendText = (text: string) => queue(text, (client_id) => ({ client_id, text }));

export function sendImage(file: File): void {
  queue('[图片]', (clientId) => {
    const form = new FormData();
    form.set('client_id', clientId);
    form.set('image', file);
    return form;
  });
}

export const sendCard = (card: { goods_id: number } | { order_id: number }) =>
  queue('goods_id' in card ? '[商品]' : '[订单]', (client_id) => ({ client_id, ...card }));
