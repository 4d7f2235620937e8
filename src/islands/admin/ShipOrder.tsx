import { StaffForm } from './StaffForm.tsx';
import { type FormEvent, type KeyboardEvent, useMemo, useState } from 'react';
import { api, ApiError } from '#/client/api.ts';
import { acceptedCodeCounts, repeatedCodes, splitCodes, TRACE_CODE_RE } from '#/lib/traceCodes.ts';
import { toast } from '#/stores/notice.ts';

export interface ShipLineIn {
  id: number;
  name: string;
  ypgg: string;
  bzdw: string;
  is_gift: boolean;
  left: number;
  case_qty: number;
  needs_codes: boolean;
  reserved: { lot_id: number; number: number; released: boolean }[];
  lots: {
    lot_id: number;
    batch_no: string;
    expires_on: string;
    stock: number;
    near_expiry_only: boolean;
  }[];
}

type Draft = { lotId: string; number: string; codes: string[]; scan: string };

const CARRIERS = [
  '顺丰速运',
  '京东物流',
  '中通快递',
  '圆通速递',
  '韵达快递',
  '德邦物流',
  '自有车辆配送',
];

/** The reserved lot the line's units still sit on, else the first lot listed. */
function firstLot(l: ShipLineIn): string {
  const reserved = l.reserved.find((r) => !r.released);
  return String(reserved?.lot_id ?? l.lots[0]?.lot_id ?? '');
}

/**
 * The warehouse's shipping form: per line the lot picked (the reserved one by default), the units
 * and the traceability codes, scanned one after another (a scanner's Enter adds the code), counted
 * against what the line needs, repeats and malformed codes marked.
 */
export default function ShipOrder({
  orderId,
  lines,
  shipmentCount,
}: {
  orderId: number;
  lines: ShipLineIn[];
  shipmentCount: number;
}) {
  const open = lines.filter((l) => l.left > 0);
  const [carrier, setCarrier] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [drafts, setDrafts] = useState<Record<number, Draft>>(() =>
    Object.fromEntries(
      open.map((l) => [l.id, { lotId: firstLot(l), number: String(l.left), codes: [], scan: '' }]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const twice = useMemo(
    () => repeatedCodes(Object.values(drafts).flatMap((d) => d.codes)),
    [drafts],
  );
  const set = (id: number, change: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [id]: { ...all[id]!, ...change } }));
  const addScanned = (id: number) => {
    const d = drafts[id]!;
    const added = splitCodes(d.scan);
    if (added.length) set(id, { codes: [...d.codes, ...added], scan: '' });
  };
  const onScanKey = (id: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    addScanned(id);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setBusy(true);
    const sent = open.map((l) => ({ line: l, d: drafts[l.id]! }));
    try {
      await api.post(
        `/api/admin/orders/${orderId}/ship`,
        {
          carrier,
          tracking_no: trackingNo,
          shipment_count: shipmentCount,
          lines: sent.map(({ line, d }) => ({
            id: line.id,
            number: d.number || '0',
            ...(line.is_gift ? {} : { lot_id: d.lotId }),
            codes: [...d.codes, ...splitCodes(d.scan)],
          })),
        },
        { silent: true },
      );
      toast('已发货', 'success');
      location.reload();
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) throw err;
      const fields = (err.data as { errors?: Record<string, string[]> } | undefined)?.errors ?? {};
      const mapped: Record<string, string> = {};
      for (const [k, v] of Object.entries(fields)) {
        const m = /^lines\.(\d+)\.(\w+)$/.exec(k);
        const line = m ? sent[Number(m[1])]?.line : undefined;
        mapped[line ? `${line.id}.${m![2]}` : k] = v[0] ?? err.message;
      }
      setErrors(Object.keys(mapped).length ? mapped : { _: err.message });
    }
  };

  if (open.length === 0) return null;
  return (
    <StaffForm
      onSubmit={submit}
      className="space-y-3 rounded border border-gray-200 bg-white p-3 text-sm"
      data-testid="ship-form"
    >
      <h2 className="font-semibold text-gray-700">发货</h2>
      <div className="flex flex-wrap items-end gap-3">
        <label>
          承运商{' '}
          <input
            name="carrier"
            list="carriers"
            value={carrier}
            onChange={(e) => setCarrier(e.target.value)}
            autoFocus
            required
            className="h-8 w-36 rounded border border-gray-300 px-2"
          />
          <datalist id="carriers">
            {CARRIERS.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </label>
        <label>
          运单号{' '}
          <input
            name="tracking_no"
            value={trackingNo}
            onChange={(e) => setTrackingNo(e.target.value)}
            required
            className="h-8 w-48 rounded border border-gray-300 px-2 font-mono"
          />
        </label>
        {(errors['carrier'] || errors['tracking_no']) && (
          <span role="alert" className="text-red-600">
            {errors['carrier'] ?? errors['tracking_no']}
          </span>
        )}
      </div>
      <table className="w-full border-collapse text-xs">
        <thead className="bg-gray-50 text-left text-gray-600">
          <tr>
            <th className="border-b px-2 py-1">商品</th>
            <th className="border-b px-2 py-1">待发</th>
            <th className="border-b px-2 py-1">批号（效期 · 库存）</th>
            <th className="border-b px-2 py-1">本次发货</th>
            <th className="border-b px-2 py-1">药品追溯码</th>
          </tr>
        </thead>
        <tbody>
          {open.map((l) => {
            const d = drafts[l.id]!;
            const units = Number(d.number) || 0;
            const need = acceptedCodeCounts(units, l.case_qty);
            const counted = d.codes.length;
            const countOk = l.needs_codes
              ? need.includes(counted)
              : counted === 0 || need.includes(counted);
            return (
              <tr key={l.id} className="border-b align-top last:border-0" data-line={l.id}>
                <td className="px-2 py-1.5">
                  {l.name}
                  <span className="block text-gray-500">{l.ypgg}</span>
                </td>
                <td className="px-2 py-1.5 whitespace-nowrap">
                  {l.left}
                  {l.bzdw}
                </td>
                <td className="px-2 py-1.5">
                  {l.is_gift ? (
                    <span className="text-gray-500">赠品，随货发出</span>
                  ) : (
                    <select
                      aria-label={`${l.name}批号`}
                      value={d.lotId}
                      onChange={(e) => set(l.id, { lotId: e.target.value })}
                      className="h-8 max-w-80 rounded border border-gray-300 px-1"
                    >
                      {l.lots.map((x) => (
                        <option key={x.lot_id} value={x.lot_id}>
                          {x.batch_no}（{x.expires_on} · 库存{x.stock}
                          {l.reserved.some((r) => r.lot_id === x.lot_id && !r.released)
                            ? ' · 已预留'
                            : ''}
                          {x.near_expiry_only ? ' · 近效期专用' : ''}）
                        </option>
                      ))}
                    </select>
                  )}
                  {errors[`${l.id}.lot_id`] && (
                    <span role="alert" className="block text-red-600">
                      {errors[`${l.id}.lot_id`]}
                    </span>
                  )}
                </td>
                <td className="px-2 py-1.5">
                  <input
                    aria-label={`${l.name}发货数量`}
                    type="number"
                    min={0}
                    max={l.left}
                    value={d.number}
                    onChange={(e) => set(l.id, { number: e.target.value })}
                    className="h-8 w-20 rounded border border-gray-300 px-2"
                  />
                  {errors[`${l.id}.number`] && (
                    <span role="alert" className="block text-red-600">
                      {errors[`${l.id}.number`]}
                    </span>
                  )}
                </td>
                <td className="w-[26rem] px-2 py-1.5">
                  {l.is_gift ? (
                    <span className="text-gray-500">无需追溯码</span>
                  ) : (
                    <>
                      <div className="flex items-center gap-2">
                        <input
                          aria-label={`${l.name}追溯码`}
                          value={d.scan}
                          onChange={(e) => set(l.id, { scan: e.target.value })}
                          onKeyDown={onScanKey(l.id)}
                          inputMode="numeric"
                          placeholder="扫码或输入后回车"
                          className="h-8 w-52 rounded border border-gray-300 px-2 font-mono"
                        />
                        <span
                          className={countOk ? 'text-brand-700' : 'text-accent-500'}
                          data-testid="code-count"
                        >
                          已扫 {counted} / 需{' '}
                          {need.length > 1 ? `${need[1]}（整件${need[0]}）` : need[0]}
                          {!l.needs_codes && '（非药品可不扫）'}
                        </span>
                      </div>
                      {d.codes.length > 0 && (
                        <ul
                          className="mt-1 flex flex-wrap gap-1"
                          aria-label={`${l.name}已扫追溯码`}
                        >
                          {d.codes.map((c, i) => {
                            const bad = !TRACE_CODE_RE.test(c) || twice.has(c);
                            return (
                              <li
                                key={`${c}-${i}`}
                                className={`inline-flex items-center gap-1 rounded border px-1 font-mono ${bad ? 'border-red-400 bg-red-50 text-red-700' : 'border-gray-300'}`}
                                data-bad={bad ? '1' : undefined}
                                title={
                                  !TRACE_CODE_RE.test(c)
                                    ? '应为20位数字'
                                    : twice.has(c)
                                      ? '重复扫描'
                                      : undefined
                                }
                              >
                                {c}
                                <button
                                  type="button"
                                  aria-label={`删除追溯码${c}`}
                                  className="text-gray-500 hover:text-red-600"
                                  onClick={() =>
                                    set(l.id, { codes: d.codes.filter((_, k) => k !== i) })
                                  }
                                >
                                  ×
                                </button>
                              </li>
                            );
                          })}
                        </ul>
                      )}
                      {errors[`${l.id}.codes`] && (
                        <span role="alert" className="block text-red-600">
                          {errors[`${l.id}.codes`]}
                        </span>
                      )}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {(errors['_'] || errors['lines']) && (
        <p role="alert" className="text-red-600">
          {errors['_'] ?? errors['lines']}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="h-8 rounded bg-brand-600 px-6 text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? '提交中…' : '确认发货'}
      </button>
    </StaffForm>
  );
}
