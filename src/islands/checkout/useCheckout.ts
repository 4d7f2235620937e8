// The confirm screen's state: the server's preview of the order for the chosen coupon and cash
// voucher, the buyer's choices, and placing the order under one idempotency key.
import { useEffect, useMemo, useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import type { AddressView } from '#/lib/apiTypes.ts';
import type { ApiCartLine } from '#/lib/cartLine.ts';
import { markCartChanged } from '#/stores/cart.ts';

export type CheckoutTotals = {
  goods_amount: string;
  full_reduction_amount: string;
  coupon_amount: string;
  cash_voucher_amount: string;
  shipping_amount: string;
  payable_amount: string;
  discount_amount: string;
};
/** One order 提交订单 makes: 含麻 goods form their own, with their own shipping fee. */
export type PlannedOrder = {
  kind: 'normal' | 'ephedrine';
  title: string;
  line_ids: number[];
  totals: CheckoutTotals;
  pay_methods: string[];
};
export type CheckoutPreview = {
  lines: ApiCartLine[];
  totals: CheckoutTotals;
  ephedrine_totals: CheckoutTotals | null;
  split: boolean;
  orders: PlannedOrder[];
  /** what all the orders cost together */
  payable_amount: string;
  addresses: AddressView[];
  coupons: { id: number; name: string; usable: boolean; scope_text: string }[];
  cash_vouchers: { id: number; name: string; amount: string }[];
};
export type InvoiceType = 'normal' | 'special';

/** One key per confirm screen: a double click, a retry or a second tab re-sends the same order. */
const storageKey = (ids: number[]) => `yaopi_checkout_key:${ids.join(',')}`;
function newKey(ids: number[]): string {
  const k = sessionStorage.getItem(storageKey(ids));
  if (k) return k;
  const fresh = crypto.randomUUID().replace(/-/g, '');
  sessionStorage.setItem(storageKey(ids), fresh);
  return fresh;
}

export function useCheckout(ids: number[]) {
  const [prep, setPrep] = useState<CheckoutPreview | null>(null);
  const [failed, setFailed] = useState(false);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [invoice, setInvoice] = useState<InvoiceType>('normal');
  const [couponId, setCouponId] = useState<number | null>(null);
  const [voucherId, setVoucherId] = useState<number | null>(null);
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useMemo(() => (typeof window === 'undefined' ? '' : newKey(ids)), [ids]);

  useEffect(() => {
    (async () => {
      try {
        const res = await api.post<{ data: CheckoutPreview }>('/api/cart/checkout', {
          ids,
          new: 1,
          coupon_id: couponId ?? '',
          cash_voucher_id: voucherId ?? '',
        });
        setPrep(res.data);
        setAddressId((a) => a ?? res.data.addresses[0]?.id ?? null);
      } catch (e) {
        setFailed(true);
        ignoreHandled(e);
      }
    })();
  }, [ids, couponId, voucherId]);

  const submit = async () => {
    if (!prep) return;
    setBusy(true);
    try {
      const res = await api.post<{ data: { order_ids: number[] } }>('/api/order', {
        key,
        ids,
        address_id: addressId ?? '',
        invoice_type: invoice,
        coupon_id: couponId ?? '',
        cash_voucher_id: voucherId ?? '',
        remarks,
        expected_amount: prep.payable_amount,
      });
      sessionStorage.removeItem(storageKey(ids));
      markCartChanged();
      location.href = `/cart/step3/${res.data.order_ids[0]}${res.data.order_ids.length > 1 ? `?next=${res.data.order_ids.slice(1).join(',')}` : ''}`;
    } catch (e) {
      setBusy(false);
      ignoreHandled(e);
    }
  };

  return {
    prep,
    failed,
    busy,
    addressId,
    setAddressId,
    invoice,
    setInvoice,
    couponId,
    setCouponId,
    voucherId,
    setVoucherId,
    remarks,
    setRemarks,
    submit,
  };
}
