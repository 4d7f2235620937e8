import { groupYuan } from '#/lib/money.ts';
import { StaffForm } from './StaffForm.tsx';
import { useState, type SubmitEvent } from 'react';
import { confirmDialog } from '#/stores/notice.ts';
import { useStaffPost } from './useStaffPost.ts';

export interface ReturnLineOut {
  id: number;
  name: string;
  bzdw: string;
  number: number;
  approved_number: number | null;
}

type Props = {
  id: number;
  status: string;
  lines: ReturnLineOut[];
  refundDue: string | null;
  can: { decide: boolean; receive: boolean; refund: boolean };
};

const numberBox = 'h-7 w-14 rounded border border-gray-300 px-1 text-right';

/** The one step a return waits for, as the staff member's roles allow: decide, receive or refund. */
export default function ReturnAction({ id, status, lines, refundDue, can }: Props) {
  const { busy, post } = useStaffPost();
  const [counts, setCounts] = useState<Record<number, { a: string; b: string }>>(() =>
    Object.fromEntries(
      lines.map((l) => [l.id, { a: String(l.approved_number ?? l.number), b: '0' }]),
    ),
  );
  const [reason, setReason] = useState('');
  const set = (lineId: number, k: 'a' | 'b', v: string) =>
    setCounts((c) => ({ ...c, [lineId]: { ...c[lineId]!, [k]: v } }));

  const send = (path: string, body: object, done: string) =>
    post(`/api/admin/returns/${id}/${path}`, body, done);
  const approve = (e: SubmitEvent) => {
    e.preventDefault();
    void send(
      'review',
      { decision: 'approve', lines: lines.map((l) => ({ id: l.id, number: counts[l.id]!.a })) },
      '已同意',
    );
  };
  const reject = () => void send('review', { decision: 'reject', reason }, '已拒绝');
  const receive = (e: SubmitEvent) => {
    e.preventDefault();
    void send(
      'receive',
      {
        lines: lines.map((l) => ({
          id: l.id,
          received: counts[l.id]!.a,
          written_off: counts[l.id]!.b,
        })),
      },
      '已收货',
    );
  };
  const refund = async () => {
    if (!(await confirmDialog(`确认退款 ¥${groupYuan(refundDue ?? '')}？款项将原路退回。`))) return;
    void send('refund', {}, '已退款');
  };

  if (status === 'pending' && can.decide)
    return (
      <StaffForm onSubmit={approve} className="space-y-1" aria-label={`审核申请 ${id}`}>
        {lines.map((l) => (
          <label key={l.id} className="flex items-center justify-end gap-1 whitespace-nowrap">
            <span className="max-w-28 truncate" title={l.name}>
              {l.name}
            </span>{' '}
            同意
            <input
              className={numberBox}
              inputMode="numeric"
              value={counts[l.id]!.a}
              onChange={(e) => set(l.id, 'a', e.target.value)}
              aria-label={`${l.name} 同意数量`}
            />
            {l.bzdw}
          </label>
        ))}
        <div className="flex justify-end gap-1">
          <button
            type="submit"
            disabled={busy}
            className="rounded bg-brand-600 px-3 py-0.5 text-white disabled:opacity-50"
          >
            同意
          </button>
        </div>
        <div className="flex justify-end gap-1">
          <input
            className="h-7 w-36 rounded border border-gray-300 px-1"
            placeholder="拒绝原因"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-label="拒绝原因"
          />
          <button
            type="button"
            disabled={busy}
            onClick={reject}
            className="rounded border border-red-300 px-3 py-0.5 text-red-700 disabled:opacity-50"
          >
            拒绝
          </button>
        </div>
      </StaffForm>
    );
  if (status === 'approved' && can.receive)
    return (
      <StaffForm onSubmit={receive} className="space-y-1" aria-label={`收货 ${id}`}>
        {lines
          .filter((l) => (l.approved_number ?? 0) > 0)
          .map((l) => (
            <div key={l.id} className="flex items-center justify-end gap-1 whitespace-nowrap">
              <span className="max-w-28 truncate" title={l.name}>
                {l.name}
              </span>
              <label className="whitespace-nowrap">
                入库{' '}
                <input
                  className={numberBox}
                  inputMode="numeric"
                  value={counts[l.id]!.a}
                  onChange={(e) => set(l.id, 'a', e.target.value)}
                  aria-label={`${l.name} 入库数量`}
                />
              </label>
              <label className="whitespace-nowrap">
                报损{' '}
                <input
                  className={numberBox}
                  inputMode="numeric"
                  value={counts[l.id]!.b}
                  onChange={(e) => set(l.id, 'b', e.target.value)}
                  aria-label={`${l.name} 报损数量`}
                />
              </label>
            </div>
          ))}
        <div className="flex justify-end">
          <button
            type="submit"
            disabled={busy}
            className="rounded bg-brand-600 px-3 py-0.5 text-white disabled:opacity-50"
          >
            确认收货
          </button>
        </div>
      </StaffForm>
    );
  if (status === 'received' && can.refund)
    return (
      <button
        type="button"
        disabled={busy}
        onClick={() => void refund()}
        className="rounded bg-accent-500 px-3 py-0.5 text-white disabled:opacity-50"
      >
        退款 ¥{groupYuan(refundDue ?? '')}
      </button>
    );
  return <span className="text-gray-400">—</span>;
}
