// Browser-side calls of the catalogue's islands: add to cart (the spec's 200 ms delayed call)
// and favourites. Errors are already shown by the api client; callers only learn success.
import { api } from './api.ts';
import { ADD_TO_CART_DELAY_MS } from '#/lib/constants.ts';
import { markCartChanged } from '#/stores/cart.ts';
import { alertDialog, toast } from '#/stores/notice.ts';

/** One line of POST /api/cart {params: [...]}; money as "12.30". */
export interface CartParam {
  goods_id: number;
  price: string;
  number: number;
  ck_id: number | null;
  goods_price_id: number | null;
  ladder_price_id: number | null;
  goods_manjian_id: number | null;
  is_yj: number;
  type?: number;
  /** added from /welfare (全场94折); the server checks the goods is in the welfare zone */
  is_welfare?: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function addToCart(params: CartParam[]): Promise<boolean> {
  if (!params.length) return false;
  await wait(ADD_TO_CART_DELAY_MS);
  try {
    await api.post('/api/cart', {
      params: params.map((p) => ({
        ...p,
        ck_id: p.ck_id ?? '',
        goods_price_id: p.goods_price_id ?? '',
        ladder_price_id: p.ladder_price_id ?? '',
        goods_manjian_id: p.goods_manjian_id ?? '',
      })),
    });
  } catch {
    return false;
  }
  markCartChanged();
  toast('已加入购物车', 'success');
  return true;
}

export const FAVORITE_ADDED = '收藏成功';
export const FAVORITE_CANCELLED = '已取消收藏';

export async function addFavorite(goodsIds: number[]): Promise<boolean> {
  try {
    await api.post('/api/favorite', { goods_ids: goodsIds });
  } catch {
    return false;
  }
  alertDialog(FAVORITE_ADDED, {
    icon: 'success',
    action: { label: '查看我的收藏', href: '/star' },
  });
  return true;
}

export async function cancelFavorite(goodsIds: number[]): Promise<boolean> {
  try {
    await api.post('/api/favorite/cancel', { goods_ids: goodsIds });
  } catch {
    return false;
  }
  toast(FAVORITE_CANCELLED, 'success');
  return true;
}
