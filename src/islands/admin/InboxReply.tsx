// Customer service answers a wanted-request or a feedback; a wanted-request may instead be marked
// arrived with the goods now on sale, or closed with the reason. Each answer reaches the buyer's
// messages.
import { type SubmitEvent, useState } from 'react';
import { StaffForm } from './StaffForm.tsx';
import { useStaffPost } from './useStaffPost.ts';

export default function InboxReply(props: {
  kind: 'wanted' | 'feedback';
  id: number;
  who: string;
  arrivable?: boolean;
}) {
  const [reply, setReply] = useState('');
  const [goodsId, setGoodsId] = useState('');
  const { busy, post } = useStaffPost();
  const base = `/api/admin/inbox/${props.kind}/${props.id}`;
  const send = (e: SubmitEvent) => {
    e.preventDefault();
    void post(`${base}/reply`, { reply }, '已回复，客户会在消息中心看到');
  };
  const arrived = () =>
    void post(`${base}/arrived`, { goods_id: goodsId, reply }, '已标记到货并通知客户');
  const close = () => void post(`${base}/close`, { reply }, '已关闭并告知客户原因');
  return (
    <StaffForm onSubmit={send} className="flex flex-col gap-1" aria-label={`回复 ${props.who}`}>
      <textarea
        className="h-14 w-full rounded border border-gray-300 px-1 text-xs"
        placeholder={
          props.arrivable ? '回复内容（标记到货时可留空，系统写入到货通知）' : '回复内容'
        }
        maxLength={500}
        value={reply}
        onChange={(e) => setReply(e.target.value)}
        aria-label="回复内容"
      />
      <div className="flex flex-wrap items-center justify-end gap-1">
        {props.arrivable && (
          <>
            <input
              className="h-7 w-24 rounded border border-gray-300 px-1"
              inputMode="numeric"
              placeholder="商品编号"
              value={goodsId}
              onChange={(e) => setGoodsId(e.target.value)}
              aria-label="到货商品编号"
            />
            <button
              type="button"
              disabled={busy}
              onClick={close}
              title="不再采购：以回复内容作为原因告知客户"
              className="h-7 rounded border border-gray-400 px-2 text-gray-700 hover:bg-gray-50 disabled:opacity-50"
            >
              关闭
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={arrived}
              className="h-7 rounded border border-emerald-600 px-2 text-emerald-700 hover:bg-emerald-50 disabled:opacity-50"
            >
              标记到货
            </button>
          </>
        )}
        <button
          type="submit"
          disabled={busy}
          className="h-7 rounded bg-brand-600 px-3 text-white disabled:opacity-50"
        >
          回复
        </button>
      </div>
    </StaffForm>
  );
}
