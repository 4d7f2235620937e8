import AddressPicker from './checkout/AddressPicker.tsx';
import ConfirmTotals from './checkout/ConfirmTotals.tsx';
import LineList from './checkout/LineList.tsx';
import OrderOptions from './checkout/OrderOptions.tsx';
import { useCheckout } from './checkout/useCheckout.ts';

/** /cart/step2: address, the lines, invoice, coupon, voucher and remarks, then 提交订单. */
export default function CheckoutConfirm({ ids }: { ids: number[] }) {
  const c = useCheckout(ids);
  const { prep } = c;

  if (c.failed)
    return (
      <p className="py-12 text-center text-gray-500">
        没有可结算的商品，
        <a className="text-brand-600" href="/cart">
          返回购物车
        </a>
      </p>
    );
  if (!prep) return <p className="py-12 text-center text-gray-500">正在加载订单信息…</p>;
  return (
    <div className="space-y-6 text-sm">
      <AddressPicker
        addresses={prep.addresses}
        selectedId={c.addressId}
        onSelect={c.setAddressId}
      />
      <LineList lines={prep.lines} orders={prep.orders} />
      <section className="grid grid-cols-2 gap-6">
        <OrderOptions
          coupons={prep.coupons}
          cashVouchers={prep.cash_vouchers}
          invoice={c.invoice}
          onInvoice={c.setInvoice}
          couponId={c.couponId}
          onCoupon={c.setCouponId}
          voucherId={c.voucherId}
          onVoucher={c.setVoucherId}
          remarks={c.remarks}
          onRemarks={c.setRemarks}
        />
        <ConfirmTotals
          orders={prep.orders}
          payable={prep.payable_amount}
          canSubmit={!c.busy && !!c.addressId}
          onSubmit={() => void c.submit()}
        />
      </section>
    </div>
  );
}
