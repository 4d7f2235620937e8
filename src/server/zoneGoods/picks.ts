// The order of a zone's hand-picked goods: a list of goods ids, first shown first. Pure, so the
// desk's writes and their tests share one rule.
import { conflict, invalid, notFound } from '#/server/errors.ts';

/** Goods one zone holds at most: its page shows them all at once, without paging. */
export const MAX_ZONE_GOODS = 200;

/** The goods added last; refused when it is already there or the zone is full. */
export function withAdded(ids: readonly number[], goodsId: number): number[] {
  if (ids.includes(goodsId)) throw conflict('该商品已在本专区');
  if (ids.length >= MAX_ZONE_GOODS)
    throw invalid('goods_id', `每个专区最多${MAX_ZONE_GOODS}种商品，请先移除一些`);
  return [...ids, goodsId];
}

const position = (ids: readonly number[], goodsId: number): number => {
  const at = ids.indexOf(goodsId);
  if (at < 0) throw notFound('该商品不在本专区');
  return at;
};

/** The goods swapped with its neighbour above or below; at either end nothing moves. */
export function withMoved(ids: readonly number[], goodsId: number, to: 'up' | 'down'): number[] {
  const at = position(ids, goodsId);
  const other = to === 'up' ? at - 1 : at + 1;
  if (other < 0 || other >= ids.length) return [...ids];
  const out = [...ids];
  [out[at], out[other]] = [out[other]!, out[at]!];
  return out;
}

/** The goods taken out; the others keep their order. */
export function withRemoved(ids: readonly number[], goodsId: number): number[] {
  position(ids, goodsId);
  return ids.filter((id) => id !== goodsId);
}
