import { useState } from 'react';
import { CART_LINE_TYPES } from '#/lib/constants.ts';

// The API client (ky, qs) loads on the first action, not with the page.
const actions = () => import('#/client/catalog.ts');

/** 组合购: adds N packs as one type 3 line (goods_id = the combination's id). */
export default function ComboBuy({
  combinationId,
  packPrice,
}: {
  combinationId: number;
  packPrice: string;
}) {
  const [packs, setPacks] = useState(1);
  const [busy, setBusy] = useState(false);
  const add = async () => {
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
    <div className="mt-2 flex items-center justify-end gap-1">
      <input
        className="w-12 border border-gray-300 text-center"
        inputMode="numeric"
        aria-label="套数"
        value={packs}
        onChange={(e) =>
          setPacks(Math.max(1, Math.min(999, Number(e.target.value.replace(/[^\d]/g, '')) || 1)))
        }
      />
      <span className="text-sm">套</span>
      <button
        type="button"
        disabled={busy}
        onClick={() => void add()}
        className="rounded bg-brand-600 px-3 py-1 text-sm text-white disabled:opacity-50"
      >
        加入购物车
      </button>
    </div>
  );
}
