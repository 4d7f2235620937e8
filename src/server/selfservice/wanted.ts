// 品种求购: wanted-requests of a store. Each request belongs to the company that made it; another
// company's id answers 404 like an unknown one. Rows in fen; selfservice/present.ts shows them.
import { and, count, desc, eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { wantedRequests } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import type { Page } from '#/server/http/respond.ts';

export type WantedRow = typeof wantedRequests.$inferSelect;

export interface WantedInput {
  goodsName: string;
  spec: string;
  manufacturer: string;
  quantity: number;
  expectedPrice: number | null; // fen
  phone: string;
  remarks: string;
}

export async function addWanted(
  companyId: number,
  accountId: number,
  input: WantedInput,
): Promise<WantedRow> {
  const db = await getDb();
  const [row] = await db
    .insert(wantedRequests)
    .values({ companyId, accountId, ...input })
    .returning();
  return row!;
}

export async function listWanted(
  companyId: number,
  page: number,
  perPage: number,
): Promise<Page<WantedRow>> {
  const db = await getDb();
  const where = eq(wantedRequests.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(wantedRequests)
      .where(where)
      .orderBy(desc(wantedRequests.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(wantedRequests).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0), page, perPage };
}

export async function wantedInfo(companyId: number, id: number): Promise<WantedRow> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(wantedRequests)
    .where(and(eq(wantedRequests.id, id), eq(wantedRequests.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('求购信息不存在');
  return row;
}
