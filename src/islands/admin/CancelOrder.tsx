import { StaffForm } from './StaffForm.tsx';
import { type FormEvent, useState } from 'react';
import { api, ApiError } from '#/client/api.ts';
import { confirmDialog, toast } from '#/stores/notice.ts';

/** Staff cancel an unshipped order with a reason; a paid one is refunded the way it was paid. */
export default function CancelOrder({
  orderId,
  paid,
  initialReason = '',
}: {
  orderId: number;
  paid: boolean;
  /** the buyer's own request, when staff confirm it */
  initialReason?: string;
}) {
  const [reason, setReason] = useState(initialReason);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    const ask = paid
      ? '确定取消该订单？库存将退回原批号，已付款项将原路退回。'
      : '确定取消该订单？';
    if (!(await confirmDialog(ask))) return;
    setBusy(true);
    try {
      await api.post(`/api/admin/orders/${orderId}/cancel`, { reason }, { silent: true });
      toast('订单已取消', 'success');
      location.reload();
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) throw err;
      setError(err.message);
    }
  };
  return (
    <StaffForm
      onSubmit={submit}
      className="flex flex-wrap items-center gap-2 rounded border border-gray-200 bg-white p-3 text-sm"
      data-testid="cancel-form"
    >
      <label>
        取消原因{' '}
        <input
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          minLength={2}
          maxLength={200}
          className="h-8 w-72 rounded border border-gray-300 px-2"
        />
      </label>
      <button
        type="submit"
        disabled={busy}
        className="h-8 rounded border border-red-400 px-4 text-red-600 hover:bg-red-50 disabled:opacity-60"
      >
        取消订单
      </button>
      {error && (
        <span role="alert" className="text-red-600">
          {error}
        </span>
      )}
    </StaffForm>
  );
}
