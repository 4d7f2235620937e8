// What a goods card or the detail shows of one goods: its row, ladder prices, lots and
// controlled-sales rule, read in one query and kept per goods for GOODS_CACHE_MS.
//
// Every list and detail page needs this for 1–100 goods, and on PGlite every query queues behind
// all others, so re-reading it per request is what made pages slow. Stock and prices on a screen
// may therefore be up to GOODS_CACHE_MS old (lists themselves may be 5 s old, SPEC 7); the cart and
// orders read stock and price fresh, under lock, so nothing is sold on a stale figure. This process
// forgets the goods it sells or restocks at once (cache.invalidate); other processes catch up within GOODS_CACHE_MS.
import { inArray, sql } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { goods } from './db/schema/index.ts';
import type { ControlledRule } from './eligibility.ts';
import { GOODS_CACHE_MS } from '#/lib/constants.ts';
import { registerCache, tag } from './cache.ts';
import { withPromotionTags } from '#/lib/tags.ts';
import { promotionTagsSql, textArray } from './promotions/tags.ts';

export type GoodsRow = typeof goods.$inferSelect;
export interface LadderRow {
  id: number;
  minNumber: number;
  price: number;
}
export interface Lot {
  id: number;
  batchNo: string;
  producedOn: string;
  expiresOn: string;
  stock: number;
}

export interface GoodsSnapshot {
  row: GoodsRow;
  /** ascending minimum quantity */
  ladders: LadderRow[];
  /** every lot, earliest expiry first (also sold-out ones: the detail lists them) */
  lots: Lot[];
  rule: ControlledRule | null;
  /** the goods' own tags with the promotion tags it really has now (promotions/tags.ts) */
  tags: string[];
}

const MAX_ENTRIES = 20_000;
const entries = new Map<number, { at: number; value: Promise<GoodsSnapshot | null> }>();

// PGlite may hand json back as text, node-postgres parses it.
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

// Written out: drizzle renders a column of the selected table unqualified, which inside these
// subqueries would name the subquery's own id.
const outerId = sql.raw('"goods"."id"');

async function load(ids: readonly number[]): Promise<Map<number, GoodsSnapshot>> {
  const db = await getDb();
  const rows = await db
    .select({
      row: goods,
      ladders: sql<unknown>`(SELECT coalesce(json_agg(json_build_object('id', l.id, 'minNumber', l.min_number, 'price', l.price) ORDER BY l.min_number), '[]'::json)
      FROM ladder_prices l WHERE l.goods_id = ${outerId})`,
      lots: sql<unknown>`(SELECT coalesce(json_agg(json_build_object('id', t.id, 'batchNo', t.batch_no, 'producedOn', t.produced_on, 'expiresOn', t.expires_on, 'stock', t.stock) ORDER BY t.expires_on, t.id), '[]'::json)
      FROM goods_lots t WHERE t.goods_id = ${outerId})`,
      rule: sql<unknown>`(SELECT json_build_object('regions', r.regions, 'customerTypes', r.customer_types, 'companyIds', r.company_ids)
      FROM controlled_rules r WHERE r.goods_id = ${outerId})`,
      promotions: sql<string[] | string>`${promotionTagsSql(outerId)}`,
    })
    .from(goods)
    .where(inArray(goods.id, [...ids]));
  return new Map(
    rows.map((r) => [
      r.row.id,
      {
        row: r.row,
        ladders: json<LadderRow[]>(r.ladders),
        lots: json<Lot[]>(r.lots),
        rule: json<ControlledRule | null>(r.rule),
        tags: withPromotionTags(r.row.tags, textArray(r.promotions)),
      },
    ]),
  );
}

/** Snapshots of the given goods by id; unknown ids are left out. One query for all that are not cached. */
export async function goodsSnapshots(ids: readonly number[]): Promise<Map<number, GoodsSnapshot>> {
  const now = Date.now();
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const e = entries.get(id);
    if (!e || now - e.at > GOODS_CACHE_MS) missing.push(id);
  }
  if (missing.length) {
    if (entries.size + missing.length > MAX_ENTRIES) {
      for (const [id, e] of entries) if (now - e.at > GOODS_CACHE_MS) entries.delete(id);
      for (const id of entries.keys())
        if (entries.size + missing.length > MAX_ENTRIES) entries.delete(id);
    }
    // Concurrent pages asking for the same goods share this one read.
    const batch = load(missing);
    batch.catch(() => {
      for (const id of missing) entries.delete(id);
    });
    for (const id of missing) {
      const value = batch.then((m) => m.get(id) ?? null);
      // The reader that started the batch gets its failure; entries nobody awaits must not
      // surface as unhandled rejections.
      value.catch(() => {});
      entries.set(id, { at: now, value });
    }
  }
  const out = new Map<number, GoodsSnapshot>();
  for (const id of ids) {
    const s = await entries.get(id)?.value;
    if (s) out.set(id, s);
  }
  return out;
}

export async function goodsSnapshot(id: number): Promise<GoodsSnapshot | null> {
  return (await goodsSnapshots([id])).get(id) ?? null;
}

registerCache({
  name: 'goodsSnapshots',
  dropTagged(tags) {
    for (const id of entries.keys()) if (tags.has(tag.goods(id))) entries.delete(id);
  },
  clear: () => entries.clear(),
});
