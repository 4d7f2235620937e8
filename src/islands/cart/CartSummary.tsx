import { fenToYuan } from '#/lib/money.ts';
import type { CartTotals } from '#/lib/pricing/totals.ts';

/** The bar under the cart: select all, delete or copy the selection, the totals and 去结算. */
export default function CartSummary({
  totals,
  welfareLabel,
  allSelected,
  splitsEphedrine,
  otherStores,
  onSelectAll,
  onRemoveSelected,
  onCopyTo,
  onCheckout,
}: {
  totals: CartTotals;
  /** the welfare rate as buyers read it (94折) */
  welfareLabel: string;
  allSelected: boolean;
  /** the selection mixes 含麻 and other goods: it becomes two orders, each with its shipping */
  splitsEphedrine: boolean;
  otherStores: { id: number; name: string }[];
  onSelectAll: (on: boolean) => void;
  onRemoveSelected: () => void;
  onCopyTo: (storeId: number) => void;
  onCheckout: () => void;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 whitespace-nowrap border bg-gray-50 p-4 text-sm">
      <div className="flex items-center gap-4">
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={(e) => onSelectAll(e.target.checked)}
          />
          全选
        </label>
        <button type="button" className="hover:text-red-600" onClick={onRemoveSelected}>
          删除选中商品
        </button>
        {otherStores.length > 0 && (
          <select
            aria-label="复制到门店"
            className="border px-1"
            value=""
            onChange={(e) => onCopyTo(Number(e.target.value))}
          >
            <option value="">复制到其他门店…</option>
            {otherStores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        )}
      </div>
      <div
        className="ml-auto flex flex-wrap items-center justify-end gap-x-6 gap-y-2"
        data-testid="cart-totals"
      >
        <span>
          已选 <b>{totals.selectedCount}</b> 种 {totals.selectedQuantity} 件
        </span>
        <span>商品金额 ¥{fenToYuan(totals.goodsAmountFen)}</span>
        {totals.discounts.ladderFen > 0 && (
          <span className="text-brand-600">已省 ¥{fenToYuan(totals.discounts.ladderFen)}</span>
        )}
        {totals.discounts.welfareFen > 0 && (
          <span className="text-brand-600">
            {welfareLabel} -¥{fenToYuan(totals.discounts.welfareFen)}
          </span>
        )}
        {totals.discounts.fullReductionFen > 0 && (
          <span className="text-brand-600">
            满减 -¥{fenToYuan(totals.discounts.fullReductionFen)}
          </span>
        )}
        <span data-testid="shipping-hint">
          {totals.shippingFen > 0
            ? `运费 ¥${fenToYuan(totals.shippingFen)}，再买¥${fenToYuan(totals.shipping_data.no_trans_order_amount)}包邮`
            : '已包邮'}
        </span>
        <span className="text-lg">
          合计{' '}
          <b className="text-accent-500" data-testid="payable">
            ¥{fenToYuan(totals.payableFen)}
          </b>
        </span>
        {splitsEphedrine && (
          <span className="basis-full text-right text-red-600" data-testid="split-notice">
            含麻商品将单独生成订单并另计运费，各订单金额见下一步
          </span>
        )}
        <button
          type="button"
          className="bg-accent-500 px-8 py-3 text-white disabled:opacity-50"
          disabled={totals.selectedCount === 0}
          onClick={onCheckout}
        >
          去结算
        </button>
      </div>
    </div>
  );
}
