import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api, ApiAborted, ApiError } from '../client/api.ts';
import { confirmDialog, toast } from '../stores/notice.ts';
import { $cartChanged, $cartCount, markCartChanged } from '../stores/cart.ts';
import { fenToYuan } from '../lib/money.ts';
import { cartTotals, freeShippingHint, ladderHint, snapQuantity } from '../lib/pricing.ts';
import { activitiesFromApi, pricingGoodsFromApi, pricingLineFromApi, type ApiActivity, type ApiCartLine } from '../lib/cartLine.ts';

type State = {
  data: ApiCartLine[];
  shipping_data: { shipping_amount: string; no_trans_order_amount: string };
  activity_data: { manjians: { amount: string; reduce: string; status: number }[]; activities?: ApiActivity[] };
  other_stores: { id: number; name: string }[];
};

const stop = (e: unknown) => {
  if (e instanceof ApiError || e instanceof ApiAborted) return;
  throw e;
};

function Hints({ line, qty }: { line: ApiCartLine; qty: number }) {
  const g = pricingGoodsFromApi(line.goods);
  const lh = ladderHint(g, qty);
  const fs = freeShippingHint(g, qty);
  return (
    <div className="mt-1 space-y-0.5 text-xs" data-testid="line-hints">
      {lh.state === 'next' && <p className="text-accent-500">再买{lh.shortBy}{line.goods.bzdw}享{fenToYuan(lh.nextPriceFen)}元/{line.goods.bzdw}</p>}
      {lh.state === 'none' && lh.nextNumber !== undefined && <p className="text-accent-500">满{lh.nextNumber}{line.goods.bzdw}享{fenToYuan(lh.nextPriceFen ?? 0)}元/{line.goods.bzdw}，还差{lh.shortBy}{line.goods.bzdw}</p>}
      {lh.state === 'reached' && <p className="text-brand-600">已享最低阶梯价{fenToYuan(lh.reachedPriceFen)}元</p>}
      {fs.eligible && (fs.reached ? <p className="text-brand-600">已满足包邮</p> : <p className="text-gray-500">再买{fs.shortBy}{line.goods.bzdw}包邮</p>)}
    </div>
  );
}

export default function CartPage() {
  const [state, setLocal] = useState<State | null>(null);
  const setState = useCallback((s: State) => {
    setLocal(s);
    $cartCount.set(s.data.length);
  }, []);
  // Quantities typed but not yet saved: the engine prices them at once for instant feedback.
  const [draft, setDraft] = useState<Record<number, number>>({});
  const changed = useStore($cartChanged);

  const load = useCallback(async () => {
    try {
      const res = await api.get<{ data: State }>('/api/cart/list', { filters: 99999, new: 1 });
      setState(res.data);
      setDraft({});
    } catch (e) { stop(e); }
  }, [setState]);
  useEffect(() => { void load(); }, [load, changed]);

  const lines = state?.data ?? [];
  const activities = state?.activity_data.activities;
  const totals = useMemo(() => cartTotals(lines.map((l) => pricingLineFromApi(l, Math.min(draft[l.id] ?? l.number, l.goods.number))), { fullReductions: activitiesFromApi(activities) }), [lines, draft, activities]);
  const selectable = lines.filter((l) => !l.reason || l.reason.startsWith('库存仅剩'));
  const allSelected = selectable.length > 0 && selectable.every((l) => l.is_selected === 1);

  const save = async (line: ApiCartLine, requested: number) => {
    const snap = snapQuantity({ stock: line.goods.number, packMultiple: line.goods.inner_pack, mustMultiple: line.goods.must_multiple, limit: line.goods.purchase_limit }, requested);
    if (snap.reason) toast(snap.reason);
    if (snap.quantity < 1) return;
    setDraft((d) => ({ ...d, [line.id]: snap.quantity }));
    try {
      const res = await api.post<{ data: { cart: State } }>(`/api/cart/${line.id}/edit`, { params: { number: snap.quantity }, new: 1 });
      setState(res.data.cart);
      setDraft({});
      // The drawer shows the same lines: let it reload the new quantity and amount.
      markCartChanged(res.data.cart.data.length);
    } catch (e) { stop(e); }
  };

  const select = async (ids: number[], on: boolean) => {
    if (ids.length === 0) return;
    try {
      const res = await api.post<{ data: State }>('/api/cart/batch_select', { ids, is_selected: on ? 1 : 0 });
      setState({ ...res.data, other_stores: state?.other_stores ?? [] });
    } catch (e) { stop(e); }
  };

  const remove = async (ids: number[]) => {
    if (ids.length === 0) { toast('请选择要删除的商品'); return; }
    if (!(await confirmDialog('确定删除该商品吗？'))) return;
    try {
      const res = await api.post<{ data: { total: number } }>('/api/cart/batch_delete', { ids });
      markCartChanged(res.data.total);
    } catch (e) { stop(e); }
  };

  const checkout = () => {
    const ids = lines.filter((l) => l.is_selected === 1).map((l) => l.id);
    if (ids.length === 0) { toast('请选择要结算的商品'); return; }
    location.href = `/cart/step2?ids=${ids.join(',')}`;
  };

  if (!state) return <p className="py-16 text-center text-gray-500">正在加载购物车…</p>;
  if (lines.length === 0) {
    return <div className="py-16 text-center text-gray-500">购物车还是空的，<a className="text-brand-600" href="/">去逛逛</a></div>;
  }
  const selectedIds = lines.filter((l) => l.is_selected === 1).map((l) => l.id);

  return (
    <div>
      <table className="w-full text-sm" data-testid="cart-table">
        <thead className="bg-gray-50 text-gray-600">
          <tr>
            <th className="w-10 p-2"><input type="checkbox" aria-label="全选" checked={allSelected} onChange={(e) => void select(selectable.map((l) => l.id), e.target.checked)} /></th>
            <th className="p-2 text-left">商品信息</th><th className="p-2">单价</th><th className="p-2">数量</th><th className="p-2">小计</th><th className="p-2">操作</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => {
            const qty = draft[l.id] ?? l.number;
            const priced = totals.lines.find((p) => p.line.id === l.id);
            return (
              <tr key={l.id} className="border-b" data-line-id={l.id} data-goods-id={l.goods.id}>
                <td className="p-2 text-center"><input type="checkbox" aria-label={`选择${l.goods.name}`} checked={l.is_selected === 1} disabled={!!l.reason && !l.reason.startsWith('库存仅剩')} onChange={(e) => void select([l.id], e.target.checked)} /></td>
                <td className="p-2">
                  <div className="flex gap-3">
                    <img src={l.goods.goods_image[0] ?? ''} alt="" className="h-16 w-16 border object-contain" />
                    <div>
                      <a href={l.combination ? '/zhzq' : `/goods/${l.goods.id}`} className="font-medium text-gray-900 hover:text-brand-600">
                        {l.type === 1 && <span className="mr-1 bg-red-600 px-1 text-xs text-white">秒杀</span>}
                        {l.combination && <span className="mr-1 bg-brand-600 px-1 text-xs text-white">组合购</span>}
                        {l.is_welfare === 1 && <span className="mr-1 bg-accent-500 px-1 text-xs text-white">94折</span>}
                        {l.goods.name}
                      </a>
                      <p className="text-xs text-gray-500">{l.goods.ypgg} · {l.goods.sccj}</p>
                      <p className="text-xs text-gray-500">库存 {l.goods.number}{l.goods.bzdw}{l.goods.must_multiple ? ` · 中包装 ${l.goods.inner_pack}` : ''}{l.goods.purchase_limit ? ` · 限购 ${l.goods.purchase_limit}` : ''}</p>
                      {l.reason && <p className="text-xs text-red-600" role="alert">{l.reason}</p>}
                      {l.notice && <p className="text-xs text-accent-500" data-testid="line-notice">{l.notice}</p>}
                      {l.variant_limit != null && <p className="text-xs text-gray-500">活动价限购剩余 {l.variant_limit}{l.goods.bzdw}，超出部分按原价计算</p>}
                      {l.gift_data && <p className="text-xs text-brand-600" data-testid="gift">满赠：{l.gift_data.name} ×{l.gift_data.total}</p>}
                      {l.price_changed && <p className="text-xs text-accent-500">价格已变化</p>}
                    </div>
                  </div>
                </td>
                <td className="p-2 text-center">¥{fenToYuan(priced?.unitPriceFen ?? 0)}</td>
                <td className="p-2 text-center">
                  <div className="inline-flex items-center">
                    <button type="button" className="h-7 w-7 border" aria-label="减少" onClick={() => void save(l, qty - (l.goods.must_multiple ? l.goods.inner_pack : 1))}>−</button>
                    <input aria-label="数量" className="h-7 w-16 border-y text-center" inputMode="numeric" value={qty}
                      onChange={(e) => setDraft((d) => ({ ...d, [l.id]: Number(e.target.value.replace(/\D/g, '')) || 0 }))}
                      onBlur={(e) => void save(l, Number(e.target.value) || 1)}
                      onKeyDown={(e) => { if (e.key === 'Enter') (e.target as HTMLInputElement).blur(); }} />
                    <button type="button" className="h-7 w-7 border" aria-label="增加" onClick={() => void save(l, qty + (l.goods.must_multiple ? l.goods.inner_pack : 1))}>+</button>
                  </div>
                  <Hints line={l} qty={qty} />
                </td>
                <td className="p-2 text-center font-medium text-accent-500">¥{fenToYuan(priced?.amountFen ?? 0)}</td>
                <td className="p-2 text-center"><button type="button" className="text-gray-500 hover:text-red-600" onClick={() => void remove([l.id])}>删除</button></td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {totals.fullReductions.length > 0 && (
        <div className="mt-4 space-y-1 text-sm" data-testid="manjian-hints">
          {totals.fullReductions.map((r) => (
            <p key={String(r.id)}>
              <span className="mr-2 bg-accent-500 px-1 text-xs text-white">满减</span>
              {activities?.find((a) => a.id === r.id)?.name && <span className="mr-2 text-gray-600">{activities.find((a) => a.id === r.id)!.name}</span>}
              {r.applied ? `已满${fenToYuan(r.applied.amountFen)}元，减${fenToYuan(r.applied.reduceFen)}元` : '未满足满减条件'}
              {r.next && <span className="ml-2 text-accent-500">再买{fenToYuan(r.next.shortByFen)}元可减{fenToYuan(r.next.reduceFen)}元</span>}
            </p>
          ))}
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 whitespace-nowrap border bg-gray-50 p-4 text-sm">
        <div className="flex items-center gap-4">
          <label className="flex items-center gap-1"><input type="checkbox" checked={allSelected} onChange={(e) => void select(selectable.map((l) => l.id), e.target.checked)} />全选</label>
          <button type="button" className="hover:text-red-600" onClick={() => void remove(selectedIds)}>删除选中商品</button>
          {state.other_stores.length > 0 && (
            <select aria-label="复制到门店" className="border px-1" value="" onChange={async (e) => {
              const target = Number(e.target.value);
              if (!target || selectedIds.length === 0) return;
              try { await api.post('/api/cart/copy', { ids: selectedIds, other_user_ids: [target] }); toast('已复制到所选门店', 'success'); } catch (err) { stop(err); }
            }}>
              <option value="">复制到其他门店…</option>
              {state.other_stores.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
            </select>
          )}
        </div>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-x-6 gap-y-2" data-testid="cart-totals">
          <span>已选 <b>{totals.selectedCount}</b> 种 {totals.selectedQuantity} 件</span>
          <span>商品金额 ¥{fenToYuan(totals.goodsAmountFen)}</span>
          {totals.discounts.ladderFen > 0 && <span className="text-brand-600">已省 ¥{fenToYuan(totals.discounts.ladderFen)}</span>}
          {totals.discounts.welfareFen > 0 && <span className="text-brand-600">94折 -¥{fenToYuan(totals.discounts.welfareFen)}</span>}
          {totals.discounts.fullReductionFen > 0 && <span className="text-brand-600">满减 -¥{fenToYuan(totals.discounts.fullReductionFen)}</span>}
          <span data-testid="shipping-hint">{totals.shippingFen > 0 ? `运费 ¥${fenToYuan(totals.shippingFen)}，再买¥${fenToYuan(totals.shipping_data.no_trans_order_amount)}包邮` : '已包邮'}</span>
          <span className="text-lg">合计 <b className="text-accent-500" data-testid="payable">¥{fenToYuan(totals.payableFen)}</b></span>
          <button type="button" className="bg-accent-500 px-8 py-3 text-white disabled:opacity-50" disabled={totals.selectedCount === 0} onClick={checkout}>去结算</button>
        </div>
      </div>
    </div>
  );
}
