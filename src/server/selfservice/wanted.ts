// 品种求购: wanted-requests of a store. Each request belongs to the company that made it; another
// company's id answers 404 like an unknown one.
import { and, count, desc, eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { wantedRequests, type WantedStatus } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import type { Page } from '#/server/http/respond.ts';
import { fenToYuan } from '#/lib/money.ts';

export const WANTED_STATUS_LABEL: Record<WantedStatus, string> = {
  pending: '待处理',
  replied: '已回复',
  closed: '已关闭',
};

export interface WantedInput {
  goodsName: string;
  spec: string;
  manufacturer: string;
  quantity: number;
  expectedPrice: number | null; // fen
  phone: string;
  remarks: string;
}

export interface WantedView {
  id: number;
  goods_name: string;
  spec: string;
  manufacturer: string;
  quantity: number;
  expected_price: string | null;
  phone: string;
  remarks: string;
  status: WantedStatus;
  status_text: string;
  reply: string;
  created_at: string;
}

function view(r: typeof wantedRequests.$inferSelect): WantedView {
  return {
    id: r.id,
    goods_name: r.goodsName,
    spec: r.spec,
    manufacturer: r.manufacturer,
    quantity: r.quantity,
    expected_price: r.expectedPrice === null ? null : fenToYuan(r.expectedPrice),
    phone: r.phone,
    remarks: r.remarks,
    status: r.status,
    status_text: WANTED_STATUS_LABEL[r.status],
    reply: r.reply,
    created_at: r.createdAt.toISOString(),
  };
}

export async function addWanted(
  companyId: number,
  accountId: number,
  input: WantedInput,
): Promise<WantedView> {
  const db = await getDb();
  const [row] = await db
    .insert(wantedRequests)
    .values({ companyId, accountId, ...input })
    .returning();
  return view(row!);
}

export async function listWanted(
  companyId: number,
  page: number,
  perPage: number,
): Promise<Page<WantedView>> {
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
  return { rows: rows.map(view), total: Number(total?.n ?? 0), page, perPage };
}

export async function wantedInfo(companyId: number, id: number): Promise<WantedView> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(wantedRequests)
    .where(and(eq(wantedRequests.id, id), eq(wantedRequests.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('求购信息不存在');
  return view(row);
}
