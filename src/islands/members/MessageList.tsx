// 我的消息: paged list; opening a message marks it read and lowers the unread badge.
import { useState } from 'react';
import { api } from '#/client/api.ts';
import { attempt } from './ui.tsx';
import { shopTimeText } from '#/lib/shopClock.ts';

export interface Message {
  id: number;
  title: string;
  content: string;
  link?: string;
  is_read: boolean;
  created_at: string;
}
interface Paged {
  data: Message[];
  current_page: number;
  last_page: number;
  total: number;
}

export default function MessageList(props: { initial: Paged; unread: number }) {
  const [page, setPage] = useState(props.initial);
  const [unread, setUnread] = useState(props.unread);
  const [open, setOpen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (n: number) => {
    const res = await attempt(setBusy, () => api.get<Paged>('/api/user/messages', { page: n }));
    if (res) setPage(res);
  };
  const read = async (m: Message) => {
    setOpen(open === m.id ? null : m.id);
    if (m.is_read) return;
    if (await attempt(setBusy, () => api.post(`/api/user/messages/${m.id}/read`))) {
      setPage({
        ...page,
        data: page.data.map((x) => (x.id === m.id ? { ...x, is_read: true } : x)),
      });
      setUnread(Math.max(0, unread - 1));
    }
  };
  const readAll = async () => {
    if (await attempt(setBusy, () => api.post('/api/user/messages/read_all'))) {
      setPage({ ...page, data: page.data.map((x) => ({ ...x, is_read: true })) });
      setUnread(0);
    }
  };

  return (
    <div>
      <div className="mb-4 flex items-center justify-between">
        <span>
          未读消息{' '}
          <span className="rounded-full bg-accent-500 px-2 text-white" data-testid="unread-badge">
            {unread}
          </span>
        </span>
        <button
          type="button"
          disabled={busy || unread === 0}
          onClick={readAll}
          className="text-brand-600 disabled:text-gray-400"
        >
          全部标为已读
        </button>
      </div>
      <ul className="divide-y divide-gray-100 rounded border border-gray-200 bg-white">
        {page.data.length === 0 && <li className="p-6 text-center text-gray-400">暂无消息</li>}
        {page.data.map((m) => (
          <li key={m.id} data-testid="message-item">
            <button
              type="button"
              onClick={() => read(m)}
              className="flex w-full items-center justify-between p-3 text-left hover:bg-gray-50"
            >
              <span className={m.is_read ? 'text-gray-500' : 'font-bold'}>
                {!m.is_read && (
                  <span
                    className="mr-2 inline-block h-2 w-2 rounded-full bg-accent-500"
                    aria-label="未读"
                  />
                )}
                {m.title}
              </span>
              <span className="text-xs text-gray-400">{shopTimeText(m.created_at)}</span>
            </button>
            {open === m.id && (
              <div className="px-3 pb-3 text-gray-600">
                <p className="whitespace-pre-wrap">{m.content}</p>
                {m.link?.startsWith('/') && (
                  <a href={m.link} className="mt-1 inline-block text-brand-600 hover:underline">
                    查看详情
                  </a>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {page.last_page > 1 && (
        <div className="mt-4 flex justify-center gap-3">
          <button
            type="button"
            disabled={busy || page.current_page <= 1}
            onClick={() => load(page.current_page - 1)}
          >
            上一页
          </button>
          <span>
            {page.current_page} / {page.last_page}
          </span>
          <button
            type="button"
            disabled={busy || page.current_page >= page.last_page}
            onClick={() => load(page.current_page + 1)}
          >
            下一页
          </button>
        </div>
      )}
    </div>
  );
}
