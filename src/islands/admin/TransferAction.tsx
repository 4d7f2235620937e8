import { StaffForm } from './StaffForm.tsx';
import { useState, type SubmitEvent } from 'react';
import { useStaffPost } from './useStaffPost.ts';

const box = 'h-7 rounded border border-gray-300 px-1';

/**
 * Confirm the amount the bank statement shows for this reference (typed, not prefilled: the
 * server refuses anything but the payable), or turn the transfer down with a reason.
 */
export default function TransferAction(props: { id: number; payable: string; first: boolean }) {
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const { busy, post } = useStaffPost();
  const send = (path: 'confirm' | 'reject', body: object, done: string) =>
    post(`/api/admin/payments/${props.id}/${path}`, body, done);
  const confirm = (e: SubmitEvent) => {
    e.preventDefault();
    void send('confirm', { amount, note }, '已确认到账');
  };
  return (
    <div className="space-y-1">
      <StaffForm
        onSubmit={confirm}
        className="flex justify-end gap-1"
        aria-label={`确认转账 ${props.id}`}
      >
        <input
          className={`${box} w-24 text-right`}
          inputMode="decimal"
          placeholder={`到账 ${props.payable}`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-label="到账金额"
          autoFocus={props.first}
        />
        <input
          className={`${box} w-28`}
          placeholder="备注（可选）"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-label="备注"
        />
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-brand-600 px-3 text-white disabled:opacity-50"
        >
          确认到账
        </button>
      </StaffForm>
      <div className="flex justify-end gap-1">
        <input
          className={`${box} w-40`}
          placeholder="驳回原因"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-label="驳回原因"
        />
        <button
          type="button"
          disabled={busy}
          onClick={() => void send('reject', { reason }, '已驳回')}
          className="rounded border border-red-300 px-3 text-red-700 disabled:opacity-50"
        >
          驳回
        </button>
      </div>
    </div>
  );
}
