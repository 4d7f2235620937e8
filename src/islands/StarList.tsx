import { useState } from 'react';
import { snapQuantity } from '#/lib/pricing/quantity.ts';
import type { CartParam } from '#/client/catalog.ts';
import { toast } from '#/stores/notice.ts';

// The API client (ky, qs) loads on the first action, not with the page.
const actions = () => import('#/client/catalog.ts');

export interface StarItem {
  id: number;
  name: string;
  ypgg: string;
  sccj: string;
  image: string;
  href: string;
  price: string | null;
  /** in the price's place when the reader may not see prices (lib/priceVisibility) */
  hiddenPrice: { text: string; href: string } | null;
  isBuy: boolean;
  reason: string | null;
  stock: number;
  pack: number;
  mustMultiple: boolean;
  limit: number;
  line: Omit<CartParam, 'number'>;
}

/** The favourites page: cancel one, or add every buyable favourite to the cart. */
export default function StarList({ items: initial, total }: { items: StarItem[]; total: number }) {
  const [items, setItems] = useState(initial);
  // Favourites on other pages count too: the count drops by what was cancelled here.
  const count = total - (initial.length - items.length);
  const [busy, setBusy] = useState(false);
  const cancel = async (id: number) => {
    if (await (await actions()).cancelFavorite([id]))
      setItems((xs) => xs.filter((x) => x.id !== id));
  };
  const addAll = async () => {
    const lines = items
      .filter((i) => i.isBuy)
      .map((i) => ({
        ...i.line,
        number: snapQuantity(
          { stock: i.stock, packMultiple: i.pack, mustMultiple: i.mustMultiple, limit: i.limit },
          i.mustMultiple ? i.pack : 1,
        ).quantity,
      }))
      .filter((l) => l.number > 0);
    if (!lines.length) {
      toast('没有可加入购物车的商品');
      return;
    }
    setBusy(true);
    await (await actions()).addToCart(lines);
    setBusy(false);
  };
  if (!items.length)
    return (
      <p className="py-16 text-center text-gray-500" data-testid="empty">
        <span className="sr-only" data-testid="star-count">
          共 {count} 件
        </span>
        暂无收藏的商品，
        <a href="/list" className="text-brand-700">
          去逛逛
        </a>
      </p>
    );
  return (
    <div>
      <div className="mb-2 flex items-center justify-between">
        <span className="text-sm text-gray-500" data-testid="star-count">
          共 {count} 件
        </span>
        <button
          type="button"
          disabled={busy}
          onClick={() => void addAll()}
          className="rounded bg-brand-600 px-4 py-1.5 text-sm text-white disabled:opacity-50"
          data-testid="add-all"
        >
          全部加入购物车
        </button>
      </div>
      <table className="w-full bg-white text-sm" data-testid="star-table">
        <thead className="bg-gray-50 text-left text-gray-600">
          <tr>
            <th className="p-2">商品</th>
            <th className="p-2">规格</th>
            <th className="p-2">生产厂家</th>
            <th className="p-2">价格</th>
            <th className="p-2">状态</th>
            <th className="p-2">操作</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr
              key={i.id}
              className="border-t border-gray-100"
              data-testid="star-row"
              data-goods-id={i.id}
            >
              <td className="p-2">
                <a href={i.href} className="flex items-center gap-2 hover:text-brand-600">
                  <img src={i.image} alt="" width={40} height={40} className="h-10 w-10" />
                  {i.name}
                </a>
              </td>
              <td className="p-2">{i.ypgg}</td>
              <td className="p-2">{i.sccj}</td>
              <td className="p-2 text-accent-500">
                {i.hiddenPrice ? (
                  <a
                    href={i.hiddenPrice.href}
                    className="hover:underline"
                    data-testid="price-hidden"
                  >
                    {i.hiddenPrice.text}
                  </a>
                ) : (
                  `¥${i.price}`
                )}
              </td>
              <td className="p-2 text-xs text-gray-500">{i.isBuy ? '可购买' : i.reason}</td>
              <td className="p-2">
                <button
                  type="button"
                  className="text-gray-500 hover:text-red-600"
                  onClick={() => void cancel(i.id)}
                >
                  取消收藏
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
