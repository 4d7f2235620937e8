import type { CheckoutTotals, PlannedOrder } from './useCheckout.ts';

const PAY_LABEL: Record<string, string> = {
  balance: '余额',
  credit: '账期',
  online: '在线支付',
  transfer: '对公转账',
};

/** One order's amounts, every fee included. */
function OrderAmounts({ t }: { t: CheckoutTotals }) {
  return (
    <>
      <div>商品金额：¥{t.goods_amount}</div>
      {t.full_reduction_amount !== '0.00' && <div>满减：-¥{t.full_reduction_amount}</div>}
      {t.coupon_amount !== '0.00' && <div>优惠券：-¥{t.coupon_amount}</div>}
      {t.cash_voucher_amount !== '0.00' && <div>现金券：-¥{t.cash_voucher_amount}</div>}
      <div>运费：¥{t.shipping_amount}</div>
    </>
  );
}

/**
 * The server's amounts for the order(s) and 提交订单. When 含麻 goods make a second order, each
 * order shows its own fees and how it can be paid, and 应付金额 is what they cost together.
 */
export default function ConfirmTotals({
  orders,
  payable,
  canSubmit,
  onSubmit,
}: {
  orders: PlannedOrder[];
  payable: string;
  canSubmit: boolean;
  onSubmit: () => void;
}) {
  const split = orders.length > 1;
  return (
    <div className="space-y-1 self-end text-right" data-testid="confirm-totals">
      {split ? (
        orders.map((o, i) => (
          <div
            key={o.kind}
            className="mb-2 border-b border-dashed pb-2"
            data-testid="planned-order"
            data-kind={o.kind}
          >
            <div className="font-semibold text-gray-800">
              订单{i + 1}：{o.title}
            </div>
            <OrderAmounts t={o.totals} />
            <div>
              本单应付：<b data-testid="planned-payable">¥{o.totals.payable_amount}</b>
            </div>
            {o.kind === 'ephedrine' && (
              <div className="text-red-600">
                仅支持{o.pay_methods.map((m) => PAY_LABEL[m] ?? m).join('、')}付款
              </div>
            )}
          </div>
        ))
      ) : (
        <>
          <OrderAmounts t={orders[0]!.totals} />
          {orders[0]!.kind === 'ephedrine' && (
            <div className="text-red-600">含麻订单仅支持对公转账付款</div>
          )}
        </>
      )}
      <div className="text-lg">
        应付金额{split && `（共${orders.length}笔订单）`}：
        <b className="text-accent-500" data-testid="confirm-payable">
          ¥{payable}
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
