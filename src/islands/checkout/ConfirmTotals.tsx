import type { CheckoutTotals } from './useCheckout.ts';

/** The server's amounts for this order and 提交订单. */
export default function ConfirmTotals({
  totals: t,
  ephedrineTotals,
  canSubmit,
  onSubmit,
}: {
  totals: CheckoutTotals;
  ephedrineTotals: CheckoutTotals | null;
  canSubmit: boolean;
  onSubmit: () => void;
}) {
  return (
    <div className="space-y-1 self-end text-right" data-testid="confirm-totals">
      <div>商品金额：¥{t.goods_amount}</div>
      {t.full_reduction_amount !== '0.00' && <div>满减：-¥{t.full_reduction_amount}</div>}
      {t.coupon_amount !== '0.00' && <div>优惠券：-¥{t.coupon_amount}</div>}
      {t.cash_voucher_amount !== '0.00' && <div>现金券：-¥{t.cash_voucher_amount}</div>}
      <div>运费：¥{t.shipping_amount}</div>
      {ephedrineTotals && <div>含麻订单应付：¥{ephedrineTotals.payable_amount}</div>}
      <div className="text-lg">
        应付金额：
        <b className="text-accent-500" data-testid="confirm-payable">
          ¥{t.payable_amount}
        </b>
      </div>
      <button
        type="button"
        disabled={!canSubmit}
        onClick={onSubmit}
        className="mt-2 bg-accent-500 px-10 py-3 text-white disabled:opacity-50"
      >
        提交订单
      </button>
    </div>
  );
}
