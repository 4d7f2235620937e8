import { StaffForm } from './StaffForm.tsx';
import { type FormEvent, useState } from 'react';
import { api, ApiError } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';

/** Staff decline a buyer's request to cancel a paid order, with the reason the buyer is told. */
export default function DeclineCancelRequest({ orderId }: { orderId: number }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setBusy(true);
    try {
      await api.post(
        `/api/admin/orders/${orderId}/cancel_request/decline`,
        { reason },
        { silent: true },
      );
      toast('已拒绝取消申请', 'success');
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
      className="flex flex-wrap items-center gap-2"
      data-testid="decline-form"
    >
      <label>
        拒绝原因{' '}
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
        className="h-8 rounded border border-gray-400 px-4 hover:bg-gray-50 disabled:opacity-60"
      >
        拒绝取消申请
      </button>
      {error && (
        <span role="alert" className="text-red-600">
          {error}
        </span>
      )}
    </StaffForm>
  );
}
