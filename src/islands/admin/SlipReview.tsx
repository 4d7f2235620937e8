import { StaffForm } from './StaffForm.tsx';
import { type FormEvent, useState } from 'react';
import { api, ApiError } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';

/** Confirm an uploaded 含麻 receipt slip, or send it back with a reason the buyer sees. */
export default function SlipReview({ slipId, orderNo }: { slipId: number; orderNo: string }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const decide = async (state: 'confirmed' | 'rejected') => {
    setError('');
    setBusy(true);
    try {
      await api.post(`/api/admin/slips/${slipId}/review`, { state, reason }, { silent: true });
      toast(state === 'confirmed' ? '回执单已确认' : '回执单已退回', 'success');
      location.reload();
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) throw err;
      setError(err.message);
    }
  };
  const reject = (e: FormEvent) => {
    e.preventDefault();
    void decide('rejected');
  };
  return (
    <div className="space-y-1" data-testid={`slip-review-${slipId}`}>
      <button
        type="button"
        disabled={busy}
        onClick={() => void decide('confirmed')}
        className="h-8 rounded bg-brand-600 px-4 text-white hover:bg-brand-700 disabled:opacity-60"
      >
        确认
      </button>
      <StaffForm onSubmit={reject} className="flex items-center gap-1">
        <input
          aria-label={`${orderNo}退回原因`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="退回原因"
          className="h-8 w-44 rounded border border-gray-300 px-2"
        />
        <button
          type="submit"
          disabled={busy}
          className="h-8 rounded border border-red-400 px-3 text-red-600 hover:bg-red-50 disabled:opacity-60"
        >
          退回
        </button>
      </StaffForm>
      {error && (
        <p role="alert" className="text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
