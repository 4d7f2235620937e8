import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api, ApiAborted } from '#/client/api.ts';
import { cartLineHref } from '#/lib/cartLine.ts';
import { formatPrice, mulFen, sumFen, yuanToFen } from '#/lib/money.ts';
import { HIDDEN_PRICE, type PriceAudience } from '#/lib/priceVisibility.ts';
import { $cartChanged } from '#/stores/cart.ts';

/** A cart line as GET /api/cart/list returns it (only what the drawer shows). */
export interface DrawerLine {
  id: number;
  goods: { id: number; name: string; sccj: string; ypgg: string; goods_image?: string[] };
  price: string;
  /** the line's charged amount (flash limits and packs make it differ from price × number) */
  amount?: string;
  number: number;
  type?: number;
  goods_price_id?: number | null;
}

type State = { kind: 'loading' } | { kind: 'ready'; lines: DrawerLine[] } | { kind: 'failed' };

/**
 * The drawer's cart lines; hydrated when the drawer first opens, reloaded whenever the cart changes.
 * Only approved members have a priced cart (lib/priceVisibility): others are told what to do.
 */
export default function CartDrawer({ audience }: { audience: PriceAudience }) {
  const changed = useStore($cartChanged);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const member = audience === 'approved';

  useEffect(() => {
    if (!member) return;
    let live = true;
    api
      .get<{ data?: { data?: DrawerLine[] } }>('/api/cart/list', undefined, {
        silent: true,
        independent: true,
      })
      .then((res) => {
        if (live)
          setState({ kind: 'ready', lines: Array.isArray(res.data?.data) ? res.data.data : [] });
      })
      .catch((error) => {
        if (live && !(error instanceof ApiAborted)) setState({ kind: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [member, changed]);

  if (audience === 'visitor') {
    return (
      <div className="p-6 text-center text-sm text-gray-600">
        <p className="mb-3">登录后查看购物车</p>
        <a href="/login" className="inline-block rounded bg-brand-500 px-4 py-1.5 text-white">
          去登录
        </a>
      </div>
    );
  }
  if (audience === 'unapproved') {
    return (
      <div className="p-6 text-center text-sm text-gray-600" data-testid="drawer-unapproved">
        <p className="mb-3">{HIDDEN_PRICE.unapproved.text}，资质审核通过后即可采购</p>
        <a
          href={HIDDEN_PRICE.unapproved.href}
          className="inline-block rounded bg-brand-500 px-4 py-1.5 text-white"
        >
          {HIDDEN_PRICE.unapproved.action}
        </a>
      </div>
    );
  }
  if (state.kind === 'loading')
    return <p className="p-6 text-center text-sm text-gray-500">加载中…</p>;
  if (state.kind === 'failed')
    return <p className="p-6 text-center text-sm text-gray-500">购物车加载失败，请稍后再试</p>;
  if (state.lines.length === 0)
    return <p className="p-6 text-center text-sm text-gray-500">购物车是空的</p>;
  const amounts = state.lines.map((l) =>
    l.amount !== undefined ? (yuanToFen(l.amount) ?? 0) : mulFen(yuanToFen(l.price) ?? 0, l.number),
  );
  const href = cartLineHref;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ul className="flex-1 divide-y divide-gray-100 overflow-y-auto" data-testid="drawer-lines">
        {state.lines.map((l, i) => (
          <li key={l.id} className="flex gap-2 p-3 text-xs">
            <a
              href={href(l)}
              aria-label={l.goods.name}
              className="h-12 w-12 shrink-0 border border-gray-100 bg-gray-50"
            >
              {l.goods.goods_image?.[0] && (
                <img src={l.goods.goods_image[0]} alt="" width="48" height="48" loading="lazy" />
              )}
            </a>
            <div className="min-w-0 flex-1">
              <a
                href={href(l)}
                className="block truncate text-sm text-gray-800 hover:text-brand-600"
              >
                {l.goods.name}
              </a>
              <p className="truncate text-gray-400">
                {l.goods.ypgg} {l.goods.sccj}
              </p>
              <p className="text-gray-600">
                ¥{l.price} × {l.number} ={' '}
                <span className="text-accent-500">{formatPrice(amounts[i] ?? 0)}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <div className="border-t border-gray-200 p-3 text-sm">
        <p className="mb-2 flex justify-between">
          共 {state.lines.length} 种商品{' '}
          <strong className="text-accent-500">{formatPrice(sumFen(amounts))}</strong>
        </p>
        <a href="/cart" className="block rounded bg-accent-500 py-2 text-center text-white">
          去购物车结算
        </a>
      </div>
    </div>
  );
}
