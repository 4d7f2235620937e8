// 我的收藏: a company's favourite goods.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { favorites, goods } from './db/schema/index.ts';
import { cardsByIds, type GoodsCard, type Paged } from './catalog/cards.ts';
import type { BuyerCompany } from './eligibility.ts';
import { notFound } from './errors.ts';
import { config } from './config.ts';
import { invalidate, namedCache, tag } from './cache.ts';

// The detail page and API ask on every view, for whichever goods is viewed: one read of the
// company's favourite ids serves them all (a query per goods viewed before — a buyer paging
// through details paid one each). It changes only through add and cancel below, which drop it in
// this process (other processes: within the session cache's SESSION_CACHE_MS).
const favoriteIds = namedCache<ReadonlySet<number>>('favorites', {
  ttlMs: config.sessionCacheMs,
  maxEntries: 5_000,
});

/** Adds goods to the favourites; already-favourite ones stay. Unknown goods → 404. */
export async function addFavorites(companyId: number, goodsIds: number[]): Promise<number> {
  const db = await getDb();
  const ids = [...new Set(goodsIds)];
  const found = await db.select({ id: goods.id }).from(goods).where(inArray(goods.id, ids));
  if (found.length !== ids.length) throw notFound('商品不存在或已下架');
  await db
    .insert(favorites)
    .values(ids.map((goodsId) => ({ companyId, goodsId })))
    .onConflictDoNothing();
  invalidate({ company: companyId });
  return ids.length;
}

export async function cancelFavorites(companyId: number, goodsIds: number[]): Promise<number> {
  const db = await getDb();
  const removed = await db
    .delete(favorites)
    .where(
      and(eq(favorites.companyId, companyId), inArray(favorites.goodsId, [...new Set(goodsIds)])),
    )
    .returning({ id: favorites.goodsId });
  invalidate({ company: companyId });
  return removed.length;
}

export async function isFavorite(companyId: number, goodsId: number): Promise<boolean> {
  const ids = await favoriteIds.get(String(companyId), async () => {
    const db = await getDb();
    const rows = await db
      .select({ id: favorites.goodsId })
      .from(favorites)
      .where(eq(favorites.companyId, companyId));
    return new Set(rows.map((r) => r.id));
  }, [tag.company(companyId)]);
  return ids.has(goodsId);
}

export async function listFavorites(
  company: BuyerCompany,
  page: number,
  perPage: number,
): Promise<Paged<{ card: GoodsCard; favoritedAt: Date }>> {
  const db = await getDb();
  const [countRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(favorites)
    .where(eq(favorites.companyId, company.id));
  const rows = await db
    .select({ goodsId: favorites.goodsId, at: favorites.createdAt })
    .from(favorites)
    .where(eq(favorites.companyId, company.id))
    .orderBy(desc(favorites.createdAt), desc(favorites.goodsId))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const at = new Map(rows.map((r) => [r.goodsId, r.at]));
  const cards = await cardsByIds(
    rows.map((r) => r.goodsId),
    company,
  );
  return {
    rows: cards.map((card) => ({ card, favoritedAt: at.get(card.goods.id)! })),
    total: Number(countRow?.n ?? 0),
    page,
    perPage,
  };
}
