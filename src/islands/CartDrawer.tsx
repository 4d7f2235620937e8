import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api, ApiAborted, ApiError } from '../client/api.ts';
import { $cartChanged, $cartCount, $cartState } from '../stores/cart.ts';
import { DRAWER_WIDTH_CLOSED, DRAWER_WIDTH_OPEN } from '../lib/constants.ts';
import type { ApiCartLine } from '../lib/cartLine.ts';

type State = { data: ApiCartLine[]; totals: { payable_amount: string; selected_count: number } };

/** The right-side cart drawer: the same lines as /cart; refreshes when the cart-changed flag is set. */
/** withCartPage: on /cart the page loads the state and the drawer shows it ($cartState). */
export default function CartDrawer({ initiallyOpen = false, withCartPage = false }: { initiallyOpen?: boolean; withCartPage?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [own, setState] = useState<State | null>(null);
  const shared = useStore($cartState) as State | null;
  const state = withCartPage ? shared : own;
  const changed = useStore($cartChanged);
  const count = useStore($cartCount);

  useEffect(() => {
    if (withCartPage) return;
    let live = true;
    api.get<{ data: State }>('/api/cart/list', { filters: 99999, new: 1 }, { silent: true })
      .then((res) => { if (live) { setState(res.data); $cartCount.set(res.data.data.length); } })
      .catch((e) => { if (!(e instanceof ApiError || e instanceof ApiAborted)) throw e; });
    return () => { live = false; };
  }, [changed, withCartPage]);

  return (
    <aside aria-label="购物车侧栏" data-testid="cart-drawer" data-open={open ? '1' : '0'}
      className="fixed right-0 top-0 z-40 flex h-full border-l bg-white shadow-lg transition-[width]"
      style={{ width: open ? DRAWER_WIDTH_OPEN : DRAWER_WIDTH_CLOSED }}>
      <button type="button" onClick={() => setOpen(!open)} aria-expanded={open}
        className="flex w-10 shrink-0 flex-col items-center justify-center gap-1 bg-brand-600 text-sm text-white">
        <span style={{ writingMode: 'vertical-rl' }}>购物车</span>
        <span className="rounded-full bg-accent-500 px-1.5 text-xs">{count === null ? '' : count > 99 ? '99+' : count}</span>
      </button>
      {open && (
        <div className="flex min-w-0 flex-1 flex-col text-sm">
          <p className="border-b p-3 font-bold">购物车（{state?.data.length ?? 0}）</p>
          <ul className="flex-1 overflow-y-auto">
            {state?.data.map((l) => (
              <li key={l.id} className="border-b p-2">
                <p className="truncate">{l.goods.name}</p>
                <p className="flex justify-between text-xs text-gray-500"><span>{l.goods.ypgg}</span><span>¥{l.price} × {l.number}</span></p>
                {l.reason && <p className="text-xs text-red-600">{l.reason}</p>}
              </li>
            ))}
          </ul>
          <div className="border-t p-3">
            <p>已选 {state?.totals.selected_count ?? 0} 种，合计 <b className="text-accent-500">¥{state?.totals.payable_amount ?? '0.00'}</b></p>
            <a href="/cart" className="mt-2 block bg-accent-500 py-2 text-center text-white">去购物车结算</a>
          </div>
        </div>
      )}
    </aside>
  );
}
