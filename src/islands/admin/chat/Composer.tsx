// The desk's reply box: text (Enter sends), quick replies, a picture, a goods card found by code
// or name.
import { useRef, useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { type GoodsCard, QUICK_REPLIES } from '#/lib/chat.ts';
import { StaffForm } from '#/islands/admin/StaffForm.tsx';
import { ChatTextBox } from '#/islands/shared/ChatTextBox.tsx';

interface Props {
  send: (body: Record<string, unknown> | ((clientId: string) => FormData)) => void;
}

export function Composer({ send }: Props) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<GoodsCard[] | null>(null);
  const file = useRef<HTMLInputElement>(null);
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
      <ChatTextBox
        id="chat-reply"
        label="回复内容"
        placeholder="输入回复，Enter发送，Shift+Enter换行"
        rows={3}
        onSend={(text) => send({ text })}
      />
    </div>
  );
}
