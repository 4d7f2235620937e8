// Which promotion tags (lib/tags PROMOTION_TAGS) a goods really has now: 秒 a running flash sale,
// 特 a running daily special, 满 a running full-reduction activity, 赠 a gift rule. The card tags,
// the list's tag filter and the cart read them from here, so a tag always leads to its promotion.
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import { goods } from '#/server/db/schema/index.ts';
import { rows as sqlRows } from '#/server/db/rows.ts';

const RUNNING: Readonly<Record<string, (goodsId: SQL) => SQL>> = {
  秒: (id) =>
    sql`EXISTS (SELECT 1 FROM goods_prices p WHERE p.goods_id = ${id} AND p.kind = 'flash' AND p.starts_at <= now() AND p.ends_at >= now())`,
  特: (id) =>
    sql`EXISTS (SELECT 1 FROM goods_prices p WHERE p.goods_id = ${id} AND p.kind = 'daily_special' AND p.starts_at <= now() AND p.ends_at >= now())`,
  满: (id) =>
    sql`EXISTS (SELECT 1 FROM manjian_goods mg JOIN manjian_activities a ON a.id = mg.activity_id WHERE mg.goods_id = ${id} AND a.starts_at <= now() AND a.ends_at >= now())`,
  赠: (id) => sql`EXISTS (SELECT 1 FROM gift_rules r WHERE r.goods_id = ${id})`,
};

/** SQL text[]: the promotion tags of the goods whose id is `goodsId`. */
export function promotionTagsSql(goodsId: SQL): SQL {
  const cases = Object.entries(RUNNING).map(
    ([t, cond]) => sql`CASE WHEN ${cond(goodsId)} THEN ${t} END`,
  );
  return sql`array_remove(ARRAY[${sql.join(cases, sql`, `)}]::text[], NULL)`;
}

/**
 * SQL: the goods `goodsId` carries `tag` now, for the list filter; null when the tag is not a
 * promotion's (the goods' own tags are filtered as stored). A promotion tag without a promotion
 * behind it (换购) matches nothing.
 */
export function tagFilterSql(tag: string, goodsId: SQL, storedTags: SQL): SQL {
  const running = RUNNING[tag];
  if (running) return running(goodsId);
  if (tag === '换购') return sql`false`;
  return sql`${tag} = ANY(${storedTags})`;
}

/** The promotion tags of the given goods, by goods id. */
export async function promotionTags(
  q: Db | Tx,
  ids: readonly number[],
): Promise<Map<number, string[]>> {
  if (!ids.length) return new Map();
  const found = await sqlRows<{ id: number; tags: string[] | string }>(
    q,
    sql`SELECT ${goods.id} AS id, ${promotionTagsSql(sql.raw('"goods"."id"'))} AS tags FROM ${goods} WHERE ${inArray(goods.id, [...ids])}`,
  );
  return new Map(found.map((r) => [Number(r.id), textArray(r.tags)]));
}

/** PGlite may answer a text[] as its text form ({秒,满}). */
export function textArray(v: string[] | string | null | undefined): string[] {
  if (Array.isArray(v)) return v;
  if (!v || v === '{}') return [];
  return v
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((s) => s.replace(/^"|"$/g, ''));
}
