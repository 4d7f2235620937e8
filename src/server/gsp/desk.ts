// The documents desk: goods with the state of their documents (filter by keyword and state, the
// flagged ones being those GSP would not let on sale), one goods' documents and lots, and the
// documents expiring within 30 days for the dashboard.
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { EXPIRING_DAYS } from '#/lib/gspDocuments.ts';
import { shopDay } from '#/lib/shopClock.ts';
import { getDb } from '#/server/db/client.ts';
import { goods, goodsLots, gspDocuments } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import type { DeskFilter } from './forms.ts';
import { documentsOfGoods, reportsOfLots } from './records.ts';
import { flaggedSql, type GoodsDocState, goodsDocState } from './state.ts';
import type { DocumentRow } from './upload.ts';

const PER_PAGE = 30;

export interface DeskRow {
  id: number;
  code: string;
  name: string;
  spec: string;
  sccj: string;
  documents: DocumentRow[];
  state: GoodsDocState;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function deskRows(f: DeskFilter) {
  const db = await getDb();
  const today = shopDay(new Date());
  const where: SQL[] = [];
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    where.push(or(ilike(goods.name, like), ilike(goods.code, like), ilike(goods.sccj, like))!);
  }
  if (f.state === 'flagged') where.push(flaggedSql(today));
  if (f.state === 'complete') where.push(not(flaggedSql(today)));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: goods.id,
        code: goods.code,
        name: goods.name,
        spec: goods.spec,
        sccj: goods.sccj,
      })
      .from(goods)
      .where(cond)
      .orderBy(asc(goods.id))
      .limit(PER_PAGE)
      .offset((f.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(goods).where(cond),
  ]);
  const ids = rows.map((r) => r.id);
  const [docs, lots] = await Promise.all([
    documentsOfGoods(db, ids),
    ids.length ? db.select().from(goodsLots).where(inArray(goodsLots.goodsId, ids)) : [],
  ]);
  const reports = await reportsOfLots(
    db,
    lots.map((l) => l.id),
  );
  return {
    rows: rows.map((g): DeskRow => {
      const own = docs.filter((d) => d.goodsId === g.id);
      const lotStates = lots
        .filter((l) => l.goodsId === g.id)
        .map((l) => ({ stock: l.stock, hasReport: reports.has(l.id) }));
      return { ...g, documents: own, state: goodsDocState(own, lotStates, today) };
    }),
    total: Number(total?.n ?? 0),
    page: f.page,
    perPage: PER_PAGE,
  };
}

/** One goods on the desk: its documents, every lot (those on sale first) with its report. */
export async function deskGoods(goodsId: number) {
  const db = await getDb();
  const [g] = await db.select().from(goods).where(eq(goods.id, goodsId));
  if (!g) throw notFound('商品不存在');
  const [docs, lots] = await Promise.all([
    documentsOfGoods(db, [goodsId]),
    db
      .select()
      .from(goodsLots)
      .where(eq(goodsLots.goodsId, goodsId))
      .orderBy(desc(sql`${goodsLots.stock} > 0`), asc(goodsLots.expiresOn), asc(goodsLots.id)),
  ]);
  const reports = await reportsOfLots(
    db,
    lots.map((l) => l.id),
  );
  const today = shopDay(new Date());
  const state = goodsDocState(
    docs,
    lots.map((l) => ({ stock: l.stock, hasReport: reports.has(l.id) })),
    today,
  );
  return {
    goods: g,
    documents: docs,
    lots: lots.map((l) => ({ lot: l, report: reports.get(l.id) ?? null })),
    state,
  };
}

export interface ExpiringDocument {
  doc: DocumentRow;
  goods: { id: number; name: string; spec: string } | null;
}

/** Documents in use whose validity ends within 30 days or has ended, soonest first. */
export async function expiringDocuments(
  limit = 8,
): Promise<{ rows: ExpiringDocument[]; total: number }> {
  const db = await getDb();
  const now = new Date();
  const until = shopDay(new Date(now.getTime() + EXPIRING_DAYS * 86_400_000));
  const cond = and(isNotNull(gspDocuments.validUntil), lte(gspDocuments.validUntil, until));
  const [rows, [total]] = await Promise.all([
    db
      .select({ doc: gspDocuments, goods: { id: goods.id, name: goods.name, spec: goods.spec } })
      .from(gspDocuments)
      .leftJoin(goods, eq(goods.id, gspDocuments.goodsId))
      .where(cond)
      .orderBy(asc(gspDocuments.validUntil), asc(gspDocuments.id))
      .limit(limit),
    db.select({ n: count() }).from(gspDocuments).where(cond),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
