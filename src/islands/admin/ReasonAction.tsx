import { StaffForm } from './StaffForm.tsx';
import { type FormEvent, useState } from 'react';
import { api, ApiError } from '#/client/api.ts';
import { confirmDialog, toast } from '#/stores/notice.ts';

const SUBMIT_TONE = {
  danger: 'border-red-400 text-red-600 hover:bg-red-50',
  plain: 'border-gray-400 hover:bg-gray-50',
} as const;

/**
 * A staff action that needs a reason the buyer is told (cancel an order, decline a request to
 * cancel): posted as `{ reason }` to `action`, then the page reloads to show the new state.
 */
export default function ReasonAction({
  action,
  label,
  submit,
  done,
  ask,
  tone = 'plain',
  initialReason = '',
  className,
  testId,
}: {
  action: string;
  /** the reason field's label (取消原因) */
  label: string;
  /** the button's text */
  submit: string;
  /** the toast once done */
  done: string;
  /** a question confirmed before posting */
  ask?: string;
  tone?: keyof typeof SUBMIT_TONE;
  initialReason?: string;
  className?: string;
  testId: string;
}) {
  const [reason, setReason] = useState(initialReason);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (ask && !(await confirmDialog(ask))) return;
    setBusy(true);
    try {
      await api.post(action, { reason }, { silent: true });
      toast(done, 'success');
      location.reload();
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) throw err;
      setError(err.message);
    }
  };
  return (
    <StaffForm
      onSubmit={onSubmit}
      className={`flex flex-wrap items-center gap-2 ${className ?? ''}`.trim()}
      data-testid={testId}
    >
      <label>
        {label}{' '}
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
        className={`h-8 rounded border px-4 disabled:opacity-60 ${SUBMIT_TONE[tone]}`}
      >
        {submit}
      </button>
      {error && (
        <span role="alert" className="text-red-600">
          {error}
        </span>
      )}
    </StaffForm>
  );
}
