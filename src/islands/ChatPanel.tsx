// The buyer's chat panel, opened from the toolbar's 在线客服 (no new window, nothing secret in a
// URL). Hydrates on the "chat" announcement; the stream and the outbox live in client/chat.ts.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { loadOlder, sendCard, sendImage, sendText } from '#/client/chat.ts';
import type { GoodsCard, OrderCard } from '#/lib/chat.ts';
import {
  $chatConnection,
  $chatHasMore,
  $chatMessages,
  $chatOpen,
  $chatPending,
} from '#/stores/chat.ts';
import { ChatBubble } from './shared/ChatBubble.tsx';
import { ChatTextBox } from './shared/ChatTextBox.tsx';

const CONNECTION_TEXT = {
  connecting: '正在连接…',
  offline: '连接已断开，正在重连，消息将在恢复后发送',
};

function Picker({
  onPick,
}: {
  onPick: (card: { goods_id: number } | { order_id: number }) => void;
}) {
  const [picks, setPicks] = useState<{ goods: GoodsCard[]; orders: OrderCard[] } | null>(null);
  useEffect(() => {
    api
      .get<{ data: { goods: GoodsCard[]; orders: OrderCard[] } }>('/api/chat/picks', undefined, {
        independent: true,
      })
      .then((r) => setPicks(r.data), ignoreHandled);
  }, []);
  if (!picks) return <p className="p-3 text-xs text-gray-500">加载中…</p>;
  return (
    <div
      className="max-h-48 overflow-y-auto border-t border-gray-200 p-2 text-xs"
      data-testid="chat-picker"
    >
      <p className="mb-1 font-medium text-gray-600">最近的商品</p>
      {picks.goods.length === 0 && <p className="text-gray-400">暂无</p>}
      {picks.goods.map((g) => (
        <button
          key={g.id}
          type="button"
          className="block w-full truncate rounded px-2 py-1 text-left hover:bg-gray-100"
          onClick={() => onPick({ goods_id: g.id })}
        >
          {g.name} {g.spec}
        </button>
      ))}
      <p className="mb-1 mt-2 font-medium text-gray-600">最近的订单</p>
      {picks.orders.length === 0 && <p className="text-gray-400">暂无</p>}
      {picks.orders.map((o) => (
        <button
          key={o.id}
          type="button"
          className="block w-full truncate rounded px-2 py-1 text-left hover:bg-gray-100"
          onClick={() => onPick({ order_id: o.id })}
        >
          订单 {o.no} · {o.status_text} · ¥{o.payable}
        </button>
      ))}
    </div>
  );
}

export default function ChatPanel() {
  const open = useStore($chatOpen);
  const messages = useStore($chatMessages);
  const hasMore = useStore($chatHasMore);
  const pending = useStore($chatPending);
  const connection = useStore($chatConnection);
  const [picking, setPicking] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const newest = messages?.at(-1)?.id;

  useEffect(() => {
    if (open && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [open, newest, pending.length]);

  if (!open) return null;
  return (
    <section
      aria-label="在线客服"
      data-testid="chat-panel"
      className="fixed bottom-4 right-12 z-50 flex h-[520px] w-[360px] flex-col rounded-lg border border-gray-200 bg-white shadow-2xl"
    >
      <header className="flex items-center justify-between rounded-t-lg bg-brand-600 px-3 py-2 text-sm font-medium text-white">
        <h2>在线客服</h2>
        <button
          type="button"
          aria-label="关闭在线客服"
          className="px-1"
          onClick={() => $chatOpen.set(false)}
        >
          ✕
        </button>
      </header>
      {connection !== 'online' && (
        <p className="bg-amber-50 px-3 py-1 text-xs text-amber-800" role="status">
          {CONNECTION_TEXT[connection]}
        </p>
      )}
      <ol
        ref={list}
        className="flex-1 overflow-y-auto px-3"
        data-testid="chat-messages"
        aria-live="polite"
      >
        {hasMore && (
          <li className="py-2 text-center">
            <button
              type="button"
              className="text-xs text-brand-700 hover:underline"
              onClick={() => void loadOlder()}
            >
              查看更早的消息
            </button>
          </li>
        )}
        {messages?.length === 0 && pending.length === 0 && (
          <li className="py-8 text-center text-xs text-gray-500">您好，请问有什么可以帮您？</li>
        )}
        {messages?.map((m) => (
          <ChatBubble
            key={m.id}
            message={m}
            viewer="buyer"
            imageBase="/api/chat/images"
            orderHref={(id) => `/order/info/${id}`}
          />
        ))}
        {pending.map((p) => (
          <li key={p.clientId} className="my-2 flex flex-col items-end" data-pending>
            <div className="max-w-[80%] whitespace-pre-wrap break-words rounded-lg bg-brand-100 px-3 py-2 text-sm text-gray-800">
              {p.preview}
            </div>
            <span className={`text-[11px] ${p.failed ? 'text-red-600' : 'text-gray-400'}`}>
              {p.failed ? `发送失败：${p.failed}` : '发送中…'}
            </span>
          </li>
        ))}
      </ol>
      {picking && (
        <Picker
          onPick={(c) => {
            sendCard(c);
            setPicking(false);
          }}
        />
      )}
      <div className="flex gap-2 border-t border-gray-200 px-3 py-1 text-xs">
        <button
          type="button"
          className="text-brand-700 hover:underline"
          onClick={() => file.current?.click()}
        >
          图片
        </button>
        <button
          type="button"
          className="text-brand-700 hover:underline"
          aria-expanded={picking}
          onClick={() => setPicking(!picking)}
        >
          商品/订单
        </button>
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png"
          className="hidden"
          data-testid="chat-image"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) sendImage(f);
            e.target.value = '';
          }}
        />
      </div>
      <ChatTextBox
        id="chat-text"
        label="消息内容"
        placeholder="请输入消息，Enter发送"
        rows={2}
        className="px-3 pb-3"
        onSend={sendText}
      />
    </section>
  );
}
