import { useState, type FormEvent } from 'react';
import { api, ApiError } from '#/client/api.ts';
import { useHydrated } from '#/islands/members/ui.tsx';
import { toast } from '#/stores/notice.ts';

/** /zqgl 余额还款: repays the open bills (oldest due first) from the store's balance. */
export default function CreditRepay(props: { owed: string; balance: string }) {
  const hydrated = useHydrated();
  const [amount, setAmount] = useState(props.owed);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || Number(amount) <= 0)
      return setError('请输入还款金额，最多两位小数');
    setBusy(true);
    try {
      await api.post('/api/pay/user_credit_repay', { amount: amount.trim() }, { silent: true });
      toast('还款成功', 'success');
      // The bills and the ledger are drawn by the server: show them paid down once the toast is read.
      setTimeout(() => location.reload(), 800);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '还款失败，请稍后再试');
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-center gap-3"
      data-testid="credit-repay"
    >
      <fieldset disabled={!hydrated || busy} className="contents">
        <label className="flex items-center gap-2">
          还款金额 ¥
          <input
            name="amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={Boolean(error) || undefined}
            className="h-8 w-28 rounded border border-gray-300 px-2"
          />
        </label>
        <span className="text-gray-500">账户余额 ¥{props.balance}</span>
        <button
          type="submit"
          className="h-8 rounded bg-brand-600 px-4 text-white hover:bg-brand-700"
        >
          余额还款
        </button>
      </fieldset>
      {error && (
        <p role="alert" className="w-full text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
