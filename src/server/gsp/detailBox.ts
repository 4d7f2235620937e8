// The detail page's 首营资料与药检报告 box is on every detail render: without this, five queries
// each time (the goods, the GSP rule, its documents, its lots on sale, their reports) — the one
// part of an uncached detail page the catalogue read model did not answer. Kept like the list
// caches (SEARCH_CACHE_MAX_AGE_MS); an upload, a lot or stock change (goods tag) or the GSP rule's
// switch (content tag) drops it in this process at once.
import { SEARCH_CACHE_MAX_AGE_MS } from '#/lib/constants.ts';
import { namedCache, tag } from '#/server/cache.ts';
import { getDb } from '#/server/db/client.ts';
import { type GoodsDocumentsView, goodsDocuments } from './buyer.ts';
import { heldGoods } from './settings.ts';

export interface DetailDocuments {
  view: GoodsDocumentsView;
  /** the GSP rule keeps the goods off sale now */
  held: boolean;
}

const boxes = namedCache<DetailDocuments>('gsp.detailBox', {
  ttlMs: SEARCH_CACHE_MAX_AGE_MS,
  maxEntries: 2000,
});

export function detailDocuments(goodsId: number): Promise<DetailDocuments> {
  return boxes.get(String(goodsId), async () => {
    const [view, held] = await Promise.all([
      goodsDocuments(goodsId),
      heldGoods(await getDb(), [goodsId]),
    ]);
    return { view, held: held.has(goodsId) };
  }, [tag.goods(goodsId), tag.content]);
}
