// Whether a goods has what GSP asks before it is sold: every required first-business document,
// present and in date, and a test report for every lot on sale. One rule, written twice: as SQL
// for lists and the off-sale check, and in code for the rows a screen shows.
import { sql, type SQL } from 'drizzle-orm';
import { isExpired, REQUIRED_GOODS_KINDS, type GoodsDocumentKind } from '#/lib/gspDocuments.ts';
import { goods } from '#/server/db/schema/index.ts';

const requiredList = sql.join(
  REQUIRED_GOODS_KINDS.map((k) => sql`${k}`),
  sql`, `,
);

/** SQL: the goods of the row lacks a required document in date, or a lot on sale lacks its report. */
export function flaggedSql(today: string): SQL {
  return sql`(
    (select count(*) from gsp_documents d
      where d.goods_id = ${goods.id} and d.lot_id is null and d.kind in (${requiredList})
        and (d.valid_until is null or d.valid_until >= ${today})) < ${REQUIRED_GOODS_KINDS.length}
    or exists (select 1 from goods_lots l
      where l.goods_id = ${goods.id} and l.stock > 0
        and not exists (select 1 from gsp_documents r where r.lot_id = l.id))
  )`;
}

export interface GoodsDocState {
  missing: GoodsDocumentKind[];
  expired: GoodsDocumentKind[];
  /** lots with stock */
  lotsOnSale: number;
  lotsWithoutReport: number;
  flagged: boolean;
}

export function goodsDocState(
  docs: readonly { kind: string; validUntil: string | null }[],
  lots: readonly { stock: number; hasReport: boolean }[],
  today: string,
): GoodsDocState {
  const byKind = new Map(docs.map((d) => [d.kind, d]));
  const missing = REQUIRED_GOODS_KINDS.filter((k) => !byKind.has(k));
  const expired = REQUIRED_GOODS_KINDS.filter((k) => {
    const d = byKind.get(k);
    return d !== undefined && isExpired(d.validUntil, today);
  });
  const onSale = lots.filter((l) => l.stock > 0);
  const lotsWithoutReport = onSale.filter((l) => !l.hasReport).length;
  return {
    missing,
    expired,
    lotsOnSale: onSale.length,
    lotsWithoutReport,
    flagged: missing.length + expired.length + lotsWithoutReport > 0,
  };
}
