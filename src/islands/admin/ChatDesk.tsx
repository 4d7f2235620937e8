// The service desk (/admin/chat): conversations waiting and mine on the left with unread counts,
// the open conversation in the middle, the buyer on the right. Live through the desk stream.
import { useEffect, useRef, useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { ChatBubble } from '#/islands/shared/ChatBubble.tsx';
import { toast } from '#/stores/notice.ts';
import { BuyerPane } from './chat/BuyerPane.tsx';
import { Composer } from './chat/Composer.tsx';
import { useDesk } from './chat/useDesk.ts';

interface Props {
  me: number;
  colleagues: { id: number; name: string; login: string }[];
  initial: number | null;
}

const STATUS = { waiting: '待接待', open: '接待中', closed: '已结束' } as const;

export default function ChatDesk({ me, colleagues, initial }: Props) {
  const d = useDesk(initial);
  const [target, setTarget] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const newest = d.thread?.messages.at(-1)?.id;
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [newest]);
  const current = d.list.find((c) => c.id === d.selected);
  const act = async (path: string, body: object, done: string) => {
    if (!d.selected) return;
    try {
      await api.post(`/api/admin/chat/conversations/${d.selected}/${path}`, body);
      toast(done, 'success');
      await d.reloadList();
    } catch (error) {
      ignoreHandled(error);
    }
  };
  const waiting = d.list.filter((c) => c.status === 'waiting');
  const mine = d.list.filter((c) => c.status !== 'waiting');
  const item = (c: (typeof d.list)[number]) => (
    <li key={c.id}>
      <button
        type="button"
        onClick={() => void d.open(c.id)}
        aria-current={c.id === d.selected ? 'true' : undefined}
        className={`block w-full border-b border-gray-100 px-3 py-2 text-left ${c.id === d.selected ? 'bg-brand-50' : 'hover:bg-gray-50'}`}
        data-conversation={c.id}
      >
        <span className="flex items-center justify-between gap-1">
          <span className="truncate font-medium">{c.company.name}</span>
          {c.unread > 0 && (
            <span
              className="rounded-full bg-accent-500 px-1.5 text-[10px] leading-4 text-white"
              data-testid="conversation-unread"
            >
              {c.unread}
            </span>
          )}
        </span>
        <span className="block truncate text-gray-500">{c.last_message}</span>
        <span className="block text-[11px] text-gray-400">
          {STATUS[c.status]}
          {c.staff && c.staff.id !== me ? ` · ${c.staff.name}` : ''}
        </span>
      </button>
    </li>
  );
  return (
    <div
      className="flex h-[calc(100vh-7rem)] overflow-hidden rounded border border-gray-200 bg-white text-xs"
      data-testid="chat-desk"
    >
      <section
        aria-label="会话列表"
        className="flex w-60 shrink-0 flex-col border-r border-gray-200"
      >
        <div className="flex border-b border-gray-200">
          {(['active', 'closed'] as const).map((v) => (
            <button
              key={v}
              type="button"
              onClick={() => d.setView(v)}
              aria-pressed={d.view === v}
              className={`flex-1 py-1.5 ${d.view === v ? 'font-semibold text-brand-700' : 'text-gray-600'}`}
            >
              {v === 'active' ? '进行中' : '已结束'}
            </button>
          ))}
        </div>
        <p className="px-3 py-1 text-[11px] text-gray-500" role="status">
          {d.connection === 'online'
            ? '已连接'
            : d.connection === 'connecting'
              ? '连接中…'
              : '连接断开，正在重连'}
        </p>
        <div className="flex-1 overflow-y-auto">
          {d.view === 'active' && (
            <h2 className="bg-gray-50 px-3 py-1 font-semibold text-gray-600">
              待接待（{waiting.length}）
            </h2>
          )}
          <ul data-testid="chat-waiting">{d.view === 'active' && waiting.map(item)}</ul>
          <h2 className="bg-gray-50 px-3 py-1 font-semibold text-gray-600">
            {d.view === 'active' ? `我的会话（${mine.length}）` : '已结束的会话'}
          </h2>
          <ul data-testid="chat-mine">{(d.view === 'active' ? mine : d.list).map(item)}</ul>
        </div>
      </section>
      <section aria-label="会话" className="flex min-w-0 flex-1 flex-col">
        {d.selected ? (
          <>
            <header className="flex flex-wrap items-center gap-2 border-b border-gray-200 px-3 py-2">
              <h2 className="mr-auto text-sm font-semibold">
                {current?.company.name ?? d.buyer?.company.name ?? ''}
              </h2>
              <label className="flex items-center gap-1">
                转接给
                <select
                  value={target}
                  onChange={(e) => setTarget(e.target.value)}
                  className="rounded border border-gray-300 px-1 py-0.5"
                >
                  <option value="">选择同事</option>
                  {colleagues.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}（{c.login}）
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                disabled={!target}
                onClick={() => void act('transfer', { staff_id: target }, '已转接')}
                className="rounded border border-gray-300 px-2 py-0.5 hover:bg-gray-50 disabled:opacity-50"
              >
                转接
              </button>
              <button
                type="button"
                onClick={() => void act('close', {}, '会话已结束')}
                className="rounded border border-gray-300 px-2 py-0.5 hover:bg-gray-50"
              >
                结束会话
              </button>
            </header>
            <ol ref={list} className="flex-1 overflow-y-auto px-4" data-testid="chat-messages">
              {d.thread?.hasMore && (
                <li className="py-2 text-center">
                  <button
                    type="button"
                    className="text-brand-700 hover:underline"
                    onClick={() => void d.older()}
                  >
                    查看更早的消息
                  </button>
                </li>
              )}
              {d.thread?.messages.map((m) => (
                <ChatBubble
                  key={m.id}
                  message={m}
                  viewer="staff"
                  imageBase="/api/admin/chat/images"
                  orderHref={(id) => `/admin/orders/${id}`}
                />
              ))}
            </ol>
            <Composer send={d.send} />
          </>
        ) : (
          <p className="m-auto text-gray-500">从左侧选择一个会话</p>
        )}
      </section>
      <BuyerPane buyer={d.buyer} />
    </div>
  );
}
