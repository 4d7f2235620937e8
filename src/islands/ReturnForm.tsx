import { useState } from 'react';
import { api, ApiAborted, ApiError } from '../client/api.ts';
import { toast } from '../stores/notice.ts';

const stop = (e: unknown) => {
  if (e instanceof ApiError || e instanceof ApiAborted) return;
  throw e;
};

type Line = { id: number; name: string; ypgg: string; bzdw: string; number: number; returned: number };

/** Return / after-sales request: choose lines and quantities, give a reason. */
export default function ReturnForm({ orderId, kind, lines }: { orderId: number; kind: 'return' | 'after_sales'; lines: Line[] }) {
  const [qty, setQty] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const chosen = lines.filter((l) => (qty[l.id] ?? 0) > 0).map((l) => ({ id: l.id, number: qty[l.id]! }));
    if (chosen.length === 0) { toast('请选择要退的商品和数量'); return; }
    if (reason.trim().length < 2) { toast('请填写退货原因'); return; }
    setBusy(true);
    try {
      await api.post(`/api/order/${orderId}/return`, { kind, reason, lines: chosen });
      toast('申请已提交，请等待审核', 'success');
      location.reload();
    } catch (e) {
      setBusy(false);
      stop(e);
    }
  };
  return (
    <div className="space-y-3 text-sm">
      <table className="w-full">
        <thead className="bg-gray-50 text-gray-600"><tr><th className="p-2 text-left">商品</th><th className="p-2">购买数量</th><th className="p-2">可退数量</th><th className="p-2">申请数量</th></tr></thead>
        <tbody>
          {lines.map((l) => {
            const max = l.number - l.returned;
            return (
              <tr key={l.id} className="border-b">
                <td className="p-2">{l.name} <span className="text-gray-500">{l.ypgg}</span></td>
                <td className="p-2 text-center">{l.number}{l.bzdw}</td>
                <td className="p-2 text-center">{max}</td>
                <td className="p-2 text-center">
                  <input type="number" min={0} max={max} disabled={max <= 0} aria-label={`${l.name}退货数量`} className="w-20 border p-1 text-center" value={qty[l.id] ?? 0}
                    onChange={(e) => setQty((q) => ({ ...q, [l.id]: Math.max(0, Math.min(max, Math.floor(Number(e.target.value) || 0))) }))} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <label className="block">
        <span className="font-bold">{kind === 'return' ? '退货原因' : '售后原因'}</span>
        <textarea className="mt-1 w-full border p-2" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="如：包装破损、批号不符、近效期…" />
      </label>
      <button type="button" disabled={busy} onClick={() => void submit()} className="bg-accent-500 px-8 py-2 text-white disabled:opacity-50">提交申请</button>
    </div>
  );
}
