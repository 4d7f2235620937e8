// Reading GSP document rows: a goods' own documents, the reports of lots, the shop's documents.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import { gspDocuments } from '#/server/db/schema/index.ts';
import type { DocumentRow } from './upload.ts';

/** The first-business documents of the goods (not their lots' reports). */
export async function documentsOfGoods(
  q: Db | Tx,
  goodsIds: readonly number[],
): Promise<DocumentRow[]> {
  if (goodsIds.length === 0) return [];
  return q
    .select()
    .from(gspDocuments)
    .where(and(inArray(gspDocuments.goodsId, [...goodsIds]), isNull(gspDocuments.lotId)))
    .orderBy(asc(gspDocuments.goodsId), asc(gspDocuments.id));
}

/** The test report of each lot that has one, by lot id. */
export async function reportsOfLots(
  q: Db | Tx,
  lotIds: readonly number[],
): Promise<Map<number, DocumentRow>> {
  if (lotIds.length === 0) return new Map();
  const rows = await q
    .select()
    .from(gspDocuments)
    .where(inArray(gspDocuments.lotId, [...lotIds]));
  return new Map(rows.map((r) => [r.lotId!, r]));
}

export async function shopDocuments(q: Db | Tx): Promise<DocumentRow[]> {
  return q
    .select()
    .from(gspDocuments)
    .where(isNull(gspDocuments.goodsId))
    .orderBy(asc(gspDocuments.id));
}

export async function documentById(q: Db | Tx, id: number): Promise<DocumentRow | null> {
  const [row] = await q.select().from(gspDocuments).where(eq(gspDocuments.id, id));
  return row ?? null;
}
