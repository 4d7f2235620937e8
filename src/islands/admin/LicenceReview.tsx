import { type SubmitEvent, useState } from 'react';
import { DRUG_CLASS_LABEL, DRUG_CLASSES } from '#/lib/drugClass.ts';
import { StaffForm } from './StaffForm.tsx';
import { useStaffPost } from './useStaffPost.ts';

type Props = {
  id: number;
  /** e.g. 药品经营许可证 鄂AA0270001: names the controls for screen readers and tests */
  name: string;
  state: 'pending' | 'approved' | 'rejected';
  /** the store's required licence: approving it sets the business scope */
  required: boolean;
  proposedScope: string[];
  expired: boolean;
};

/**
 * Approve a licence (with the business scope when it is the store's required one) or reject it
 * with the reason the buyer will read. An approved licence can still be rejected, a rejected one
 * approved after all.
 */
export default function LicenceReview(p: Props) {
  const { busy, post } = useStaffPost();
  const [scope, setScope] = useState<string[]>(p.proposedScope);
  const [reason, setReason] = useState('');
  const toggle = (code: string, on: boolean) =>
    setScope((s) =>
      on ? DRUG_CLASSES.filter((c) => c === code || s.includes(c)) : s.filter((c) => c !== code),
    );
  const approve = (e: SubmitEvent) => {
    e.preventDefault();
    void post(
      `/api/admin/licences/${p.id}/review`,
      p.required ? { state: 'approved', jyfw: scope.join(',') } : { state: 'approved' },
      '已审核通过',
    );
  };
  const reject = (e: SubmitEvent) => {
    e.preventDefault();
    void post(
      `/api/admin/licences/${p.id}/review`,
      { state: 'rejected', remark: reason },
      '已驳回',
    );
  };
  const canApprove = p.state !== 'approved' && !p.expired;
  return (
    <div className="space-y-1.5">
      {canApprove && (
        <StaffForm onSubmit={approve} aria-label={`通过 ${p.name}`} className="space-y-1">
          {p.required && (
            <fieldset className="grid grid-cols-2 gap-x-3 gap-y-2">
              <legend className="mb-0.5 text-gray-500">经营范围</legend>
              {DRUG_CLASSES.map((c) => (
                <label key={c} className="flex items-center gap-1 whitespace-nowrap">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    checked={scope.includes(c)}
                    onChange={(e) => toggle(c, e.target.checked)}
                  />
                  {DRUG_CLASS_LABEL[c]}
                </label>
              ))}
            </fieldset>
          )}
          <button
            type="submit"
            disabled={busy}
            className="mt-2 h-7 rounded bg-brand-600 px-4 text-white hover:bg-brand-700 disabled:opacity-50"
          >
            通过
          </button>
        </StaffForm>
      )}
      {p.state !== 'rejected' && (
        <StaffForm onSubmit={reject} aria-label={`驳回 ${p.name}`} className="flex gap-1">
          <input
            className="h-7 w-40 rounded border border-gray-300 px-1"
            placeholder={p.state === 'approved' ? '撤销通过的原因' : '驳回原因（客户可见）'}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-label={`${p.name} 驳回原因`}
          />
          <button
            type="submit"
            disabled={busy}
            className="h-7 rounded border border-red-300 px-3 text-red-700 hover:bg-red-50 disabled:opacity-50"
          >
            驳回
          </button>
        </StaffForm>
      )}
    </div>
  );
}
