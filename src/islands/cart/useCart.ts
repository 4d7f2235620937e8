// The cart page's state: the server's cart, quantities typed but not yet saved, and the calls that
// change it. Totals come from the one price engine, recomputed at once from the typed quantities.
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import {
  activitiesFromApi,
  pricingLineFromApi,
  type ApiActivity,
  type ApiCartLine,
} from '#/lib/cartLine.ts';
import type { PricedLine } from '#/lib/pricing/line.ts';
import { cartTotals } from '#/lib/pricing/totals.ts';
import { WELFARE_RATE } from '#/lib/constants.ts';
import { welfareLabel } from '#/lib/welfare.ts';
import { $cartChanged, $cartCount, markCartChanged } from '#/stores/cart.ts';
import { confirmDialog, toast } from '#/stores/notice.ts';

export type CartState = {
  data: ApiCartLine[];
  shipping_data: { shipping_amount: string; no_trans_order_amount: string };
  activity_data: {
    manjians: { amount: string; reduce: string; status: number }[];
    activities?: ApiActivity[];
    /** percent, 94 = 94折 */
    welfare_rate?: number;
  };
  other_stores: { id: number; name: string }[];
};

export type CartRowModel = {
  line: ApiCartLine;
  /** the line priced at `quantity` */
  priced: PricedLine;
  /** the typed quantity while it is not saved, else the line's */
  quantity: number;
};

export function useCart() {
  const [state, setLocal] = useState<CartState | null>(null);
  const setState = useCallback((s: CartState) => {
    setLocal(s);
    $cartCount.set(s.data.length);
  }, []);
  const [draft, setDraft] = useState<Record<number, number>>({});
  const changed = useStore($cartChanged);

  const load = useCallback(async () => {
    try {
      const res = await api.get<{ data: CartState }>('/api/cart/list', { filters: 99999, new: 1 });
      setState(res.data);
      setDraft({});
    } catch (e) {
      ignoreHandled(e);
    }
  }, [setState]);
  useEffect(() => {
    void load();
  }, [load, changed]);

  const lines = state?.data ?? [];
  const activities = state?.activity_data.activities;
  const welfarePercent = state?.activity_data.welfare_rate ?? Math.round(WELFARE_RATE * 100);
  const totals = useMemo(
    () =>
      cartTotals(
        lines.map((l) => pricingLineFromApi(l, Math.min(draft[l.id] ?? l.number, l.goods.number))),
        { fullReductions: activitiesFromApi(activities), welfareRate: welfarePercent / 100 },
      ),
    [lines, draft, activities, welfarePercent],
  );
  const rows: CartRowModel[] = lines.map((line, i) => ({
    line,
    priced: totals.lines[i]!,
    quantity: draft[line.id] ?? line.number,
  }));
  // SPEC 4: only a line that can be bought now (buyable, in stock) can be selected.
  const selectable = rows.filter((r) => r.priced.available);
  const allSelected = selectable.length > 0 && selectable.every((r) => r.line.is_selected === 1);
  const selectedIds = lines.filter((l) => l.is_selected === 1).map((l) => l.id);

  const typeQuantity = (lineId: number, quantity: number) =>
    setDraft((d) => ({ ...d, [lineId]: quantity }));

  /** Saves exactly the quantity the field took (QuantityStepper refused anything else). */
  const save = async (line: ApiCartLine, requested: number) => {
    typeQuantity(line.id, requested);
    try {
      const res = await api.post<{
        data: { cart: CartState; number: number; reason: string | null };
      }>(`/api/cart/${line.id}/edit`, { params: { number: requested }, new: 1 });
      // Stock sold meanwhile: the server says what it kept, and why.
      if (res.data.number !== requested && res.data.reason) toast(res.data.reason);
      setState(res.data.cart);
      setDraft({});
      // The drawer shows the same lines: let it reload the new quantity and amount.
      markCartChanged(res.data.cart.data.length);
    } catch (e) {
      setDraft((d) => {
        const { [line.id]: _, ...rest } = d;
        return rest;
      });
      ignoreHandled(e);
    }
  };

  const select = async (ids: number[], on: boolean) => {
    if (ids.length === 0) return;
    try {
      const res = await api.post<{ data: CartState }>('/api/cart/batch_select', {
        ids,
        is_selected: on ? 1 : 0,
      });
      setState({ ...res.data, other_stores: state?.other_stores ?? [] });
    } catch (e) {
      ignoreHandled(e);
    }
  };

  const remove = async (ids: number[]) => {
    if (ids.length === 0) {
      toast('请选择要删除的商品');
      return;
    }
    if (!(await confirmDialog('确定删除该商品吗？'))) return;
    try {
      const res = await api.post<{ data: { total: number } }>('/api/cart/batch_delete', { ids });
      markCartChanged(res.data.total);
    } catch (e) {
      ignoreHandled(e);
    }
  };

  const copyTo = async (storeId: number) => {
    if (!storeId || selectedIds.length === 0) return;
    try {
      await api.post('/api/cart/copy', { ids: selectedIds, other_user_ids: [storeId] });
      toast('已复制到所选门店', 'success');
    } catch (e) {
      ignoreHandled(e);
    }
  };

  const checkout = () => {
    if (selectedIds.length === 0) {
      toast('请选择要结算的商品');
      return;
    }
    location.href = `/cart/step2?ids=${selectedIds.join(',')}`;
  };

  return {
    state,
    rows,
    activities,
    totals,
    welfareLabel: welfareLabel(welfarePercent),
    allSelected,
    selectedIds,
    selectAll: (on: boolean) =>
      select(
        selectable.map((r) => r.line.id),
        on,
      ),
    select,
    typeQuantity,
    save,
    remove,
    copyTo,
    checkout,
  };
}
