// The detail page's 首营资料与药检报告 box is on every detail render. It reads one query: the
// goods' documents and the reports of its lots on sale, whose lots come from the catalogue read
// model like the rest of the page (five queries before: the goods, the GSP rule, documents, lots,
// reports). Kept like the list caches (SEARCH_CACHE_MAX_AGE_MS); an upload, a lot or stock change
// (goods tag) or the GSP rule's switch (content tag) drops it in this process at once.
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { SEARCH_CACHE_MAX_AGE_MS } from '#/lib/constants.ts';
import { shopDay } from '#/lib/shopClock.ts';
import { namedCache, tag } from '#/server/cache.ts';
import { type Db, getDb } from '#/server/db/client.ts';
import { gspDocuments } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import { goodsSnapshot } from '#/server/goodsSnapshots.ts';
import { type GoodsDocumentsView, presentGoodsDocuments } from './buyer.ts';
import { gspRule } from './settings.ts';
import { goodsDocState } from './state.ts';

export interface DetailDocuments {
  view: GoodsDocumentsView;
  /** the GSP rule keeps the goods off sale now */
  held: boolean;
}

const boxes = namedCache<DetailDocuments>('gsp.detailBox', {
  ttlMs: SEARCH_CACHE_MAX_AGE_MS,
  maxEntries: 2000,
});

/**
 * The goods' documents and the reports of the lots given (ids as a Postgres array literal),
 * prepared once per database: on every detail render drizzle's building of the statement cost
 * about as much CPU as PGlite's running it.
 */
const prepareDocumentsQuery = (db: Db) =>
  db
    .select()
    .from(gspDocuments)
    .where(
      or(
        and(eq(gspDocuments.goodsId, sql.placeholder('goodsId')), isNull(gspDocuments.lotId)),
        sql`${gspDocuments.lotId} = any(${sql.placeholder('lotIds')}::int[])`,
      ),
    )
    .orderBy(asc(gspDocuments.id))
    .prepare('gsp_detail_box');
const prepared = new WeakMap<Db, ReturnType<typeof prepareDocumentsQuery>>();

function documentsQuery(db: Db) {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareDocumentsQuery(db)));
  return query;
}

async function load(goodsId: number): Promise<DetailDocuments> {
  const snap = await goodsSnapshot(goodsId);
  if (!snap) throw notFound('商品不存在');
  const lots = snap.lots.filter((l) => l.stock > 0);
  const [rows, rule] = await Promise.all([
    documentsQuery(await getDb()).execute({
      goodsId,
      lotIds: `{${lots.map((l) => l.id).join(',')}}`,
    }),
    gspRule(),
  ]);
  const docs = rows.filter((r) => r.lotId === null);
  const reports = new Map(rows.flatMap((r) => (r.lotId === null ? [] : [[r.lotId, r] as const])));
  const today = shopDay(new Date());
  const state = goodsDocState(
    docs,
    lots.map((l) => ({ stock: l.stock, hasReport: reports.has(l.id) })),
    today,
  );
  return {
    view: presentGoodsDocuments(goodsId, docs, lots, reports, today),
    held: rule.holdIncomplete && state.flagged,
  };
}

export function detailDocuments(goodsId: number): Promise<DetailDocuments> {
  return boxes.get(String(goodsId), () => load(goodsId), [tag.goods(goodsId), tag.content]);
}
