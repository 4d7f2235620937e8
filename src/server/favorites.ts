// 我的收藏: a company's favourite goods.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { favorites, goods } from './db/schema/index.ts';
import { cardsByIds, type GoodsCard } from './catalog.ts';
import type { BuyerCompany } from './eligibility.ts';
import { notFound } from './http/errors.ts';
import { config } from './config.ts';
import { ttlCache } from './ttlCache.ts';

// The detail page asks on every view; the answer changes only through add and cancel below, which
// forget it in this process (other processes: within the session cache's SESSION_CACHE_MS).
const favoriteCache = ttlCache<boolean>(config.sessionCacheMs, 5_000);
const favKey = (companyId: number, goodsId: number) => `${companyId}:${goodsId}`;
const forgetFavorites = (companyId: number, goodsIds: readonly number[]) => {
  for (const id of goodsIds) favoriteCache.forget(favKey(companyId, id));
};

/** Adds goods to the favourites; already-favourite ones stay. Unknown goods → 404. */
export async function addFavorites(companyId: number, goodsIds: number[]): Promise<number> {
  const db = await getDb();
  const ids = [...new Set(goodsIds)];
  const found = await db.select({ id: goods.id }).from(goods).where(inArray(goods.id, ids));
  if (found.length !== ids.length) throw notFound('商品不存在或已下架');
  await db.insert(favorites).values(ids.map((goodsId) => ({ companyId, goodsId }))).onConflictDoNothing();
  forgetFavorites(companyId, ids);
  return ids.length;
}

export async function cancelFavorites(companyId: number, goodsIds: number[]): Promise<number> {
  const db = await getDb();
  const removed = await db.delete(favorites)
    .where(and(eq(favorites.companyId, companyId), inArray(favorites.goodsId, [...new Set(goodsIds)])))
    .returning({ id: favorites.goodsId });
  forgetFavorites(companyId, goodsIds);
  return removed.length;
}

export function isFavorite(companyId: number, goodsId: number): Promise<boolean> {
  return favoriteCache(favKey(companyId, goodsId), async () => {
    const db = await getDb();
    const [row] = await db.select({ id: favorites.goodsId }).from(favorites)
      .where(and(eq(favorites.companyId, companyId), eq(favorites.goodsId, goodsId))).limit(1);
    return !!row;
  });
}

export async function listFavorites(company: BuyerCompany, page: number, perPage: number): Promise<{ rows: (GoodsCard & { favorited_at: string })[]; total: number; page: number; perPage: number }> {
  const db = await getDb();
  const [countRow] = await db.select({ n: sql<number>`count(*)::int` }).from(favorites).where(eq(favorites.companyId, company.id));
  const rows = await db.select({ goodsId: favorites.goodsId, at: favorites.createdAt }).from(favorites)
    .where(eq(favorites.companyId, company.id)).orderBy(desc(favorites.createdAt), desc(favorites.goodsId))
    .limit(perPage).offset((page - 1) * perPage);
  const at = new Map(rows.map((r) => [r.goodsId, r.at.toISOString()]));
  const cards = await cardsByIds(rows.map((r) => r.goodsId), company);
  return { rows: cards.map((c) => ({ ...c, favorited_at: at.get(c.id)! })), total: Number(countRow?.n ?? 0), page, perPage };
}
