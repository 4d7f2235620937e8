// The desk's state: the conversation list, the open conversation's messages, its buyer, and the
// stream that keeps them current (waiting and own conversations; admins see all).
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { type ChannelState, openChannel } from '#/client/chatChannel.ts';
import { makeOutbox, newClientId } from '#/client/chatOutbox.ts';
import { mergeMessages, type ChatMessage, type OrderCard } from '#/lib/chat.ts';
import { toast } from '#/stores/notice.ts';

export interface ConversationItem {
  id: number;
  company: { id: number; name: string };
  status: 'waiting' | 'open' | 'closed';
  staff: { id: number; name: string } | null;
  last_message_at: string;
  last_message: string;
  unread: number;
}

export interface BuyerContext {
  conversation: { id: number; status: string; staff_id: number | null };
  company: {
    name: string;
    type_name: string;
    region: string;
    contact: string;
    phone: string;
    username: string;
    licence_ok: boolean;
    licence_text: string;
  };
  orders: OrderCard[];
  cart: {
    lines: { goods_id: number; name: string; spec: string; number: number }[];
    count: number;
  };
}

interface Thread {
  messages: ChatMessage[];
  hasMore: boolean;
}

const base = (id: number) => `/api/admin/chat/conversations/${id}`;

export function useDesk(initial: number | null) {
  const [view, setView] = useState<'active' | 'closed'>('active');
  const [list, setList] = useState<ConversationItem[]>([]);
  const [selected, setSelected] = useState<number | null>(initial);
  const [thread, setThread] = useState<Thread | null>(null);
  const [buyer, setBuyer] = useState<BuyerContext | null>(null);
  const [connection, setConnection] = useState<ChannelState>('connecting');
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const reloadList = useCallback(async () => {
    try {
      const r = await api.get<{ data: ConversationItem[] }>(
        '/api/admin/chat/conversations',
        { view },
        { silent: true },
      );
      setList(r.data);
    } catch (error) {
      ignoreHandled(error);
    }
  }, [view]);

  const read = useCallback(async (id: number, upTo: number) => {
    await api
      .post(`${base(id)}/read`, { last_id: upTo }, { silent: true, independent: true })
      .catch(ignoreHandled);
    setList((l) => l.map((c) => (c.id === id ? { ...c, unread: 0 } : c)));
  }, []);

  const open = useCallback(
    async (id: number) => {
      setSelected(id);
      setThread(null);
      setBuyer(null);
      const url = new URL(location.href);
      url.searchParams.set('c', String(id));
      history.replaceState(null, '', url);
      try {
        const [m, b] = await Promise.all([
          api.get<{ data: { messages: ChatMessage[]; has_more: boolean } }>(`${base(id)}/messages`),
          api.get<{ data: BuyerContext }>(base(id)),
        ]);
        if (selectedRef.current !== id) return;
        setThread({ messages: m.data.messages, hasMore: m.data.has_more });
        setBuyer(b.data);
        const last = m.data.messages.at(-1)?.id;
        if (last) await read(id, last);
      } catch (error) {
        ignoreHandled(error);
      }
    },
    [read],
  );

  const older = useCallback(async () => {
    const id = selectedRef.current;
    const first = thread?.messages[0]?.id;
    if (!id || !first) return;
    try {
      const r = await api.get<{ data: { messages: ChatMessage[]; has_more: boolean } }>(
        `${base(id)}/messages`,
        { before: first },
      );
      setThread(
        (t) =>
          t && { messages: mergeMessages(t.messages, r.data.messages), hasMore: r.data.has_more },
      );
    } catch (error) {
      ignoreHandled(error);
    }
  }, [thread]);

  const [outbox] = useState(() =>
    makeOutbox<ChatMessage>({
      onSent: (_item, m) => {
        if (m.conversation_id === selectedRef.current)
          setThread((t) => t && { ...t, messages: mergeMessages(t.messages, [m]) });
      },
      onRefused: (_item, reason) => toast(reason, 'error'),
    }),
  );

  const send = useCallback(
    (body: Record<string, unknown> | ((clientId: string) => FormData)) => {
      const id = selectedRef.current;
      if (!id) return;
      const clientId = newClientId();
      outbox.send({
        clientId,
        path: `${base(id)}/messages`,
        body: typeof body === 'function' ? body(clientId) : { client_id: clientId, ...body },
      });
    },
    [outbox],
  );

  useEffect(() => {
    void reloadList();
  }, [reloadList]);

  useEffect(() => {
    if (initial) void open(initial);
  }, [initial, open]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const channel = openChannel({
      url: '/api/admin/chat/stream',
      onState: (s) => {
        setConnection(s);
        if (s === 'online') outbox.flush();
      },
      onEvent: (type, data) => {
        if (type === 'message') {
          const m = (data as { message: ChatMessage }).message;
          if (m.conversation_id === selectedRef.current) {
            setThread((t) => t && { ...t, messages: mergeMessages(t.messages, [m]) });
            if (m.sender === 'buyer' && !document.hidden) void read(m.conversation_id, m.id);
          }
        }
        clearTimeout(timer);
        timer = setTimeout(() => void reloadList(), 150);
      },
    });
    return () => {
      clearTimeout(timer);
      channel.close();
    };
  }, [outbox, read, reloadList]);

  return {
    view,
    setView,
    list,
    selected,
    open,
    thread,
    older,
    buyer,
    send,
    connection,
    reloadList,
  };
}
