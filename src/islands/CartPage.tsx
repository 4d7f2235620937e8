import CartRow from './cart/CartRow.tsx';
import CartSummary from './cart/CartSummary.tsx';
import FullReductionHints from './cart/FullReductionHints.tsx';
import { useCart } from './cart/useCart.ts';

/** /cart: the lines with instant prices and hints, 满减 progress and the totals bar. */
export default function CartPage() {
  const cart = useCart();
  const { state, rows, totals } = cart;

  if (!state) return <p className="py-16 text-center text-gray-500">正在加载购物车…</p>;
  if (rows.length === 0) {
    return (
      <div className="py-16 text-center text-gray-500">
        购物车还是空的，
        <a className="text-brand-600 underline" href="/">
          去逛逛
        </a>
      </div>
    );
  }

  return (
    <div>
      <table className="w-full text-sm" data-testid="cart-table">
        <thead className="bg-gray-50 text-gray-600">
          <tr>
            <th className="w-10 p-2">
              <input
                type="checkbox"
                aria-label="全选"
                checked={cart.allSelected}
                onChange={(e) => void cart.selectAll(e.target.checked)}
              />
            </th>
            <th className="p-2 text-left">商品信息</th>
            <th className="p-2">单价</th>
            <th className="p-2">数量</th>
            <th className="p-2">小计</th>
            <th className="p-2">操作</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <CartRow
              key={row.line.id}
              row={row}
              welfareLabel={cart.welfareLabel}
              onSelect={(on) => void cart.select([row.line.id], on)}
              onType={(quantity) => cart.typeQuantity(row.line.id, quantity)}
              onSave={(requested) => void cart.save(row.line, requested)}
              onRemove={() => void cart.remove([row.line.id])}
            />
          ))}
        </tbody>
      </table>
      <FullReductionHints results={totals.fullReductions} activities={cart.activities} />
      <CartSummary
        totals={totals}
        welfareLabel={cart.welfareLabel}
        allSelected={cart.allSelected}
        splitsEphedrine={
          new Set(
            rows
              .filter((r) => r.line.is_selected === 1 && r.priced.available)
              .map((r) => r.line.goods.is_ephedrine),
          ).size > 1
        }
        otherStores={state.other_stores}
        onSelectAll={(on) => void cart.selectAll(on)}
        onRemoveSelected={() => void cart.remove(cart.selectedIds)}
        onCopyTo={(storeId) => void cart.copyTo(storeId)}
        onCheckout={cart.checkout}
      />
    </div>
  );
}
