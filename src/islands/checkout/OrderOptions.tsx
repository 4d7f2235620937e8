import type { CheckoutPreview, InvoiceType } from './useCheckout.ts';

/** The buyer's choices for the order: invoice type, coupon, cash voucher and remarks. */
export default function OrderOptions({
  coupons,
  cashVouchers,
  invoice,
  onInvoice,
  couponId,
  onCoupon,
  voucherId,
  onVoucher,
  remarks,
  onRemarks,
}: {
  coupons: CheckoutPreview['coupons'];
  cashVouchers: CheckoutPreview['cash_vouchers'];
  invoice: InvoiceType;
  onInvoice: (invoice: InvoiceType) => void;
  couponId: number | null;
  onCoupon: (id: number | null) => void;
  voucherId: number | null;
  onVoucher: (id: number | null) => void;
  remarks: string;
  onRemarks: (remarks: string) => void;
}) {
  return (
    <div className="space-y-3">
      <div>
        <h2 className="mb-1 font-bold">发票类型</h2>
        <label className="mr-4">
          <input
            type="radio"
            name="invoice"
            checked={invoice === 'normal'}
            onChange={() => onInvoice('normal')}
          />{' '}
          普通发票
        </label>
        <label>
          <input
            type="radio"
            name="invoice"
            checked={invoice === 'special'}
            onChange={() => onInvoice('special')}
          />{' '}
          增值税专用发票
        </label>
      </div>
      <div>
        <label className="mb-1 block font-bold" htmlFor="coupon">
          优惠券
        </label>
        <select
          id="coupon"
          className="w-full border p-1"
          value={couponId ?? ''}
          onChange={(e) => onCoupon(Number(e.target.value) || null)}
        >
          <option value="">不使用优惠券</option>
          {coupons.map((c) => (
            <option key={c.id} value={c.id} disabled={!c.usable}>
              {c.name}
              {c.scope_text === '全场通用' ? '' : `（${c.scope_text}）`}
              {c.usable ? '' : '（未满足条件）'}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className="mb-1 block font-bold" htmlFor="voucher">
          现金券
        </label>
        <select
          id="voucher"
          className="w-full border p-1"
          value={voucherId ?? ''}
          onChange={(e) => onVoucher(Number(e.target.value) || null)}
        >
          <option value="">不使用现金券</option>
          {cashVouchers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className="mb-1 block font-bold" htmlFor="remarks">
          订单备注
        </label>
        <textarea
          id="remarks"
          maxLength={200}
          className="w-full border p-2"
          value={remarks}
          onChange={(e) => onRemarks(e.target.value)}
        />
      </div>
    </div>
  );
}
