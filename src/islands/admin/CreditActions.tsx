import { StaffForm } from './StaffForm.tsx';
import { useState, type SubmitEvent } from 'react';
import { confirmDialog } from '#/stores/notice.ts';
import { useStaffPost } from './useStaffPost.ts';

/** Record a repayment the bank statement shows for this store. */
export function RepayForm(props: { companyId: number; company: string }) {
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const { busy, post } = useStaffPost();
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    void post(`/api/admin/credit/${props.companyId}/repay`, { amount, reference }, '还款已登记');
  };
  return (
    <StaffForm
      onSubmit={submit}
      className="flex justify-end gap-1"
      aria-label={`${props.company} 登记还款`}
    >
      <input
        className="h-7 w-24 rounded border border-gray-300 px-1 text-right"
        inputMode="decimal"
        placeholder="还款金额"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        aria-label="还款金额"
      />
      <input
        className="h-7 w-36 rounded border border-gray-300 px-1"
        placeholder="银行流水号 / 附言"
        value={reference}
        onChange={(e) => setReference(e.target.value)}
        aria-label="银行流水号"
      />
      <button
        type="submit"
        disabled={busy}
        className="rounded bg-brand-600 px-3 text-white disabled:opacity-50"
      >
        登记还款
      </button>
    </StaffForm>
  );
}

/** Declare an unpaid bill overdue: the store then cannot pay on credit until it repays. */
export function OverdueButton(props: { billId: number; period: string }) {
  const { busy, post } = useStaffPost();
  const mark = async () => {
    if (!(await confirmDialog(`将 ${props.period} 账单标记为逾期？该门店将不能使用账期支付。`)))
      return;
    await post(`/api/admin/credit/bills/${props.billId}/overdue`, {}, '已标记逾期');
  };
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => void mark()}
      className="text-red-700 hover:underline disabled:opacity-50"
    >
      标记逾期
    </button>
  );
}
