import { groupYuan } from '#/lib/money.ts';
import { StaffForm } from './StaffForm.tsx';
import { useState } from 'react';
import { confirmDialog } from '#/stores/notice.ts';
import { useStaffPost } from './useStaffPost.ts';

/** Finance has transferred the refund to the store's account: mark it paid out. */
export default function RefundPayout(props: { id: number; amount: string; company: string }) {
  const [note, setNote] = useState('');
  const { busy, post } = useStaffPost();
  const paid = async () => {
    if (
      !(await confirmDialog(`确认已向「${props.company}」转账退款 ¥${groupYuan(props.amount)}？`))
    )
      return;
    await post(`/api/admin/refunds/${props.id}/paid`, { note }, '已标记打款');
  };
  return (
    <StaffForm
      className="flex justify-end gap-1"
      aria-label={`退款打款 ${props.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        void paid();
      }}
    >
      <input
        className="h-7 w-36 rounded border border-gray-300 px-1"
        placeholder="银行流水号（可选）"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        aria-label="打款备注"
      />
      <button
        type="submit"
        disabled={busy}
        className="rounded bg-accent-500 px-3 text-white disabled:opacity-50"
      >
        已打款
      </button>
    </StaffForm>
  );
}
