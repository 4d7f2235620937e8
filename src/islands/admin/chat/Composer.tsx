// The desk's reply box: text (Enter sends), quick replies, a picture, a goods card found by code
// or name.
import { useRef, useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { CHAT_TEXT_MAX, type GoodsCard, QUICK_REPLIES } from '#/lib/chat.ts';
import { StaffForm } from '#/islands/admin/StaffForm.tsx';

interface Props {
  send: (body: Record<string, unknown> | ((clientId: string) => FormData)) => void;
}

export function Composer({ send }: Props) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<GoodsCard[] | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const submit = () => {
    if (!text.trim()) return;
    send({ text });
    setText('');
  };
  const search = async () => {
    if (!query.trim()) return;
    try {
      const r = await api.get<{ data: GoodsCard[] }>('/api/admin/chat/goods', { q: query });
      setFound(r.data);
    } catch (error) {
      ignoreHandled(error);
    }
  };
  return (
    <div className="border-t border-gray-200 bg-white p-2 text-xs">
      <div className="mb-1 flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1">
          快捷回复
          <select
            className="max-w-64 rounded border border-gray-300 px-1 py-0.5"
            value=""
            onChange={(e) => e.target.value && send({ text: e.target.value })}
            data-testid="chat-quick"
          >
            <option value="">选择后直接发送</option>
            {QUICK_REPLIES.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="rounded border border-gray-300 px-2 py-0.5 hover:bg-gray-50"
          onClick={() => file.current?.click()}
        >
          发送图片
        </button>
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png"
          className="hidden"
          data-testid="chat-image"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f)
              send((clientId) => {
                const form = new FormData();
                form.set('client_id', clientId);
                form.set('image', f);
                return form;
              });
            e.target.value = '';
          }}
        />
        <StaffForm
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <label htmlFor="chat-goods-q">商品卡片</label>
          <input
            id="chat-goods-q"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="商品名称或编码"
            className="w-32 rounded border border-gray-300 px-1 py-0.5"
          />
          <button
            type="submit"
            className="rounded border border-gray-300 px-2 py-0.5 hover:bg-gray-50"
          >
            查找
          </button>
        </StaffForm>
      </div>
      {found && (
        <ul
          className="mb-1 max-h-28 overflow-y-auto rounded border border-gray-200"
          data-testid="chat-goods-results"
        >
          {found.length === 0 && <li className="px-2 py-1 text-gray-400">没有找到商品</li>}
          {found.map((g) => (
            <li key={g.id}>
              <button
                type="button"
                className="block w-full truncate px-2 py-1 text-left hover:bg-gray-100"
                onClick={() => {
                  send({ goods_id: g.id });
                  setFound(null);
                  setQuery('');
                }}
              >
                {g.name} {g.spec} · {g.manufacturer}
              </button>
            </li>
          ))}
        </ul>
      )}
      <StaffForm
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="sr-only" htmlFor="chat-reply">
          回复内容
        </label>
        <textarea
          id="chat-reply"
          rows={3}
          maxLength={CHAT_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          placeholder="输入回复，Enter发送，Shift+Enter换行"
          className="flex-1 resize-none rounded border border-gray-300 px-2 py-1 text-sm"
        />
        <button
          type="submit"
          className="self-end rounded bg-brand-600 px-4 py-1.5 text-sm text-white hover:bg-brand-700"
        >
          发送
        </button>
      </StaffForm>
    </div>
  );
}
