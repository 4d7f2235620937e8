import { useState } from 'react';
import { buyingCaps, checkQuantity, type QuantityRules } from '#/lib/pricing/quantity.ts';
import type { CartParam } from '#/client/catalog.ts';
import QuantityInput from './shared/QuantityInput.tsx';

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

/** Quantity field and 加入购物车 for list cards and table rows: adds exactly the quantity shown. */
export default function AddToCart({
  line,
  stock,
  pack,
  mustMultiple,
  limit,
  bzdw,
  compact = false,
}: AddToCartProps) {
  const rules: QuantityRules = {
    min: 1,
    pack: mustMultiple && pack > 1 ? pack : 1,
    unit: bzdw,
    caps: buyingCaps({ stock, limit, unit: bzdw }),
  };
  const [text, setText] = useState(String(rules.pack));
  const [busy, setBusy] = useState(false);
  const check = checkQuantity(text, rules);

  const add = async () => {
    if (!check.ok) return;
    setBusy(true);
    await (await actions()).addToCart([{ ...line, number: check.value }]);
    setBusy(false);
  };
  const btn = compact ? 'px-2 py-0.5 text-xs' : 'px-3 py-1 text-sm';
  return (
    <div className="flex items-start gap-1" data-testid="add-to-cart">
      <QuantityInput
        text={text}
        onText={setText}
        rules={rules}
        label={`购买数量（${bzdw}）`}
        size="sm"
        onEnter={() => void add()}
      />
      <button
        type="button"
        disabled={busy || stock < 1 || !check.ok}
        onClick={() => void add()}
        className={`${btn} ml-1 whitespace-nowrap rounded bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-50`}
      >
        {busy ? '加入中…' : '加入购物车'}
      </button>
    </div>
  );
}
