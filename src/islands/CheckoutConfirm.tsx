import { useEffect, useMemo, useState } from 'react';
import { api, ApiAborted, ApiError } from '../client/api.ts';
import { markCartChanged } from '../stores/cart.ts';
import type { ApiCartLine } from '../lib/cartLine.ts';
import type { AddressView } from '../lib/apiTypes.ts';

type Totals = { goods_amount: string; full_reduction_amount: string; coupon_amount: string; cash_voucher_amount: string; shipping_amount: string; payable_amount: string; discount_amount: string };
type Prep = {
  lines: ApiCartLine[];
  totals: Totals;
  ephedrine_totals: Totals | null;
  split: boolean;
  addresses: AddressView[];
  coupons: { id: number; name: string; usable: boolean }[];
  cash_vouchers: { id: number; name: string; amount: string }[];
};

const stop = (e: unknown) => {
  if (e instanceof ApiError || e instanceof ApiAborted) return;
  throw e;
};

/** One key per confirm screen: a double click, a retry or a second tab re-sends the same order. */
const storageKey = (ids: number[]) => `yaopi_checkout_key:${ids.join(',')}`;
function newKey(ids: number[]): string {
  const k = sessionStorage.getItem(storageKey(ids));
  if (k) return k;
  const fresh = crypto.randomUUID().replace(/-/g, '');
  sessionStorage.setItem(storageKey(ids), fresh);
  return fresh;
}

export default function CheckoutConfirm({ ids }: { ids: number[] }) {
  const [prep, setPrep] = useState<Prep | null>(null);
  const [failed, setFailed] = useState(false);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [invoice, setInvoice] = useState<'normal' | 'special'>('normal');
  const [couponId, setCouponId] = useState<number | null>(null);
  const [voucherId, setVoucherId] = useState<number | null>(null);
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useMemo(() => (typeof window === 'undefined' ? '' : newKey(ids)), [ids]);

  useEffect(() => {
    (async () => {
      try {
        const res = await api.post<{ data: Prep }>('/api/cart/checkout', { ids, new: 1, coupon_id: couponId ?? '', cash_voucher_id: voucherId ?? '' });
        setPrep(res.data);
        setAddressId((a) => a ?? res.data.addresses[0]?.id ?? null);
      } catch (e) {
        setFailed(true);
        stop(e);
      }
    })();
  }, [ids, couponId, voucherId]);

  const submit = async () => {
    if (!prep) return;
    setBusy(true);
    try {
      const res = await api.post<{ data: { order_ids: number[] } }>('/api/order', {
        key, ids, address_id: addressId ?? '', invoice_type: invoice, coupon_id: couponId ?? '', cash_voucher_id: voucherId ?? '',
        remarks, expected_amount: prep.split ? '' : prep.totals.payable_amount,
      });
      sessionStorage.removeItem(storageKey(ids));
      markCartChanged();
      location.href = `/cart/step3/${res.data.order_ids[0]}${res.data.order_ids.length > 1 ? `?next=${res.data.order_ids.slice(1).join(',')}` : ''}`;
    } catch (e) {
      setBusy(false);
      stop(e);
    }
  };

  if (failed) return <p className="py-12 text-center text-gray-500">没有可结算的商品，<a className="text-brand-600" href="/cart">返回购物车</a></p>;
  if (!prep) return <p className="py-12 text-center text-gray-500">正在加载订单信息…</p>;
  const t = prep.totals;
  return (
    <div className="space-y-6 text-sm">
      <section>
        <h2 className="mb-2 text-base font-bold">收货地址</h2>
        {prep.addresses.length === 0 && <p>还没有收货地址，<a className="text-brand-600" href="/addr">去添加</a></p>}
        <div className="grid grid-cols-3 gap-3">
          {prep.addresses.map((a) => (
            <label key={a.id} className={`cursor-pointer border p-3 ${addressId === a.id ? 'border-accent-500' : ''}`}>
              <input type="radio" name="address" className="mr-2" checked={addressId === a.id} onChange={() => setAddressId(a.id)} />
              <b>{a.consignee}</b> {a.phone}<br />{a.full_address}
            </label>
          ))}
        </div>
      </section>
      <section>
        <h2 className="mb-2 text-base font-bold">商品清单</h2>
        {prep.split && <p className="mb-2 text-accent-500">含麻黄碱类商品将单独生成一个订单</p>}
        <table className="w-full">
          <thead className="bg-gray-50 text-gray-600"><tr><th className="p-2 text-left">商品</th><th className="p-2">单价</th><th className="p-2">数量</th><th className="p-2">小计</th></tr></thead>
          <tbody>
            {prep.lines.map((l) => (
              <tr key={l.id} className="border-b">
                <td className="p-2">{l.goods.name} <span className="text-gray-500">{l.goods.ypgg} · {l.goods.sccj}</span>{l.goods.is_ephedrine && <span className="ml-1 text-red-600">含麻</span>}</td>
                <td className="p-2 text-center">¥{l.price}</td><td className="p-2 text-center">{l.number}{l.goods.bzdw}</td><td className="p-2 text-center">¥{l.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="grid grid-cols-2 gap-6">
        <div className="space-y-3">
          <div>
            <h2 className="mb-1 font-bold">发票类型</h2>
            <label className="mr-4"><input type="radio" name="invoice" checked={invoice === 'normal'} onChange={() => setInvoice('normal')} /> 普通发票</label>
            <label><input type="radio" name="invoice" checked={invoice === 'special'} onChange={() => setInvoice('special')} /> 增值税专用发票</label>
          </div>
          <div>
            <label className="mb-1 block font-bold" htmlFor="coupon">优惠券</label>
            <select id="coupon" className="w-full border p-1" value={couponId ?? ''} onChange={(e) => setCouponId(Number(e.target.value) || null)}>
              <option value="">不使用优惠券</option>
              {prep.coupons.map((c) => <option key={c.id} value={c.id} disabled={!c.usable}>{c.name}{c.usable ? '' : '（未满足条件）'}</option>)}
            </select>
          </div>
          <div>
            <label className="mb-1 block font-bold" htmlFor="voucher">现金券</label>
            <select id="voucher" className="w-full border p-1" value={voucherId ?? ''} onChange={(e) => setVoucherId(Number(e.target.value) || null)}>
              <option value="">不使用现金券</option>
              {prep.cash_vouchers.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </div>
          <div>
            <label className="mb-1 block font-bold" htmlFor="remarks">订单备注</label>
            <textarea id="remarks" maxLength={200} className="w-full border p-2" value={remarks} onChange={(e) => setRemarks(e.target.value)} />
          </div>
        </div>
        <dl className="space-y-1 self-end text-right" data-testid="confirm-totals">
          <div>商品金额：¥{t.goods_amount}</div>
          {t.full_reduction_amount !== '0.00' && <div>满减：-¥{t.full_reduction_amount}</div>}
          {t.coupon_amount !== '0.00' && <div>优惠券：-¥{t.coupon_amount}</div>}
          {t.cash_voucher_amount !== '0.00' && <div>现金券：-¥{t.cash_voucher_amount}</div>}
          <div>运费：¥{t.shipping_amount}</div>
          {prep.ephedrine_totals && <div>含麻订单应付：¥{prep.ephedrine_totals.payable_amount}</div>}
          <div className="text-lg">应付金额：<b className="text-accent-500" data-testid="confirm-payable">¥{t.payable_amount}</b></div>
          <button type="button" disabled={busy || !addressId} onClick={() => void submit()} className="mt-2 bg-accent-500 px-10 py-3 text-white disabled:opacity-50">提交订单</button>
        </dl>
      </section>
    </div>
  );
}
