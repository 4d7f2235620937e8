import { useState } from 'react';
import { snapQuantity } from '#/lib/pricing/quantity.ts';
import type { CartParam } from '#/client/catalog.ts';
import { toast } from '#/stores/notice.ts';

// The API client (ky, qs) loads on the first action, not with the page.
const actions = () => import('#/client/catalog.ts');

export interface AddToCartProps {
  line: Omit<CartParam, 'number'>;
  stock: number;
  pack: number;
  mustMultiple: boolean;
  limit: number;
  bzdw: string;
  /** dense table row: smaller controls */
  compact?: boolean;
}

/** Quantity input and 加入购物车 for list cards and table rows. */
export default function AddToCart({
  line,
  stock,
  pack,
  mustMultiple,
  limit,
  bzdw,
  compact = false,
}: AddToCartProps) {
  const goods = { stock, packMultiple: pack, mustMultiple, limit };
  const first = snapQuantity(goods, mustMultiple ? pack : 1).quantity;
  const [qty, setQty] = useState(String(first));
  const [busy, setBusy] = useState(false);
  const step = mustMultiple && pack > 1 ? pack : 1;

  const commit = (raw: number) => {
    const snapped = snapQuantity(goods, raw);
    if (snapped.reason && raw !== snapped.quantity) toast(snapped.reason);
    setQty(String(snapped.quantity));
    return snapped.quantity;
  };
  const add = async () => {
    const n = commit(Number(qty));
    if (n < 1) return;
    setBusy(true);
    await (await actions()).addToCart([{ ...line, number: n }]);
    setBusy(false);
  };
  const btn = compact ? 'px-2 py-0.5 text-xs' : 'px-3 py-1 text-sm';
  return (
    <div className="flex items-center gap-1" data-testid="add-to-cart">
      <button
        type="button"
        className="border border-gray-300 px-1.5"
        aria-label="减少"
        onClick={() => commit(Math.max(step, Number(qty) - step))}
      >
        -
      </button>
      <input
        className={`${compact ? 'w-12' : 'w-10'} border border-gray-300 px-1 text-center text-sm`}
        inputMode="numeric"
        aria-label={`购买数量（${bzdw}）`}
        value={qty}
        onChange={(e) => setQty(e.target.value.replace(/[^\d]/g, ''))}
        onBlur={() => commit(Number(qty))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void add();
        }}
      />
      <button
        type="button"
        className="border border-gray-300 px-1.5"
        aria-label="增加"
        onClick={() => commit(Number(qty) + step)}
      >
        +
      </button>
      <button
        type="button"
        disabled={busy || stock < 1}
        onClick={() => void add()}
        className={`${btn} ml-1 whitespace-nowrap rounded bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-50`}
      >
        {busy ? '加入中…' : '加入购物车'}
      </button>
    </div>
  );
}
