import { useState } from 'react';
import { CART_LINE_TYPES } from '#/lib/constants.ts';
import { checkQuantity, type QuantityRules } from '#/lib/pricing/quantity.ts';
import QuantityInput from './shared/QuantityInput.tsx';

// The API client (ky, qs) loads on the first action, not with the page.
const actions = () => import('#/client/catalog.ts');

/** 组合购: adds N packs as one type 3 line (goods_id = the combination's id). */
export default function ComboBuy({
  combinationId,
  packPrice,
  packsInStock,
}: {
  combinationId: number;
  packPrice: string;
  /** whole packs the items' stock makes */
  packsInStock: number;
}) {
  const rules: QuantityRules = {
    min: 1,
    pack: 1,
    unit: '套',
    caps: [{ max: packsInStock, reason: `库存仅够${packsInStock}套` }],
  };
  const [text, setText] = useState('1');
  const [busy, setBusy] = useState(false);
  const check = checkQuantity(text, rules);
  const add = async () => {
    if (!check.ok) return;
    const packs = check.value;
    setBusy(true);
    await (await actions()).addToCart([
      {
        goods_id: combinationId,
        type: CART_LINE_TYPES.combination,
        number: packs,
        price: packPrice,
        ck_id: null,
        goods_price_id: null,
        ladder_price_id: null,
        goods_manjian_id: null,
        is_yj: 0,
      },
    ]);
    setBusy(false);
  };
  return (
    <div className="mt-2 flex items-start justify-end gap-1">
      <QuantityInput
        text={text}
        onText={setText}
        rules={rules}
        label="套数"
        size="sm"
        stepper={false}
        onEnter={() => void add()}
      />
      <span className="text-sm">套</span>
      <button
        type="button"
        disabled={busy || !check.ok}
        onClick={() => void add()}
        className="rounded bg-brand-600 px-3 py-1 text-sm text-white disabled:opacity-50"
      >
        加入购物车
      </button>
    </div>
  );
}
