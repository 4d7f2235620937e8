// Small member records: feedback and the class-B (乙类) purchase register.
import { count, desc, eq } from 'drizzle-orm';
import { shopIso } from '#/lib/shopClock.ts';
import { getDb } from '#/server/db/client.ts';
import { classBRecords, feedback } from '#/server/db/schema/index.ts';
import type { Page } from '#/server/http/respond.ts';

export async function addFeedback(
  accountId: number,
  input: { content: string; contact: string },
): Promise<{ id: number }> {
  const db = await getDb();
  const [row] = await db
    .insert(feedback)
    .values({ accountId, ...input })
    .returning({ id: feedback.id });
  return row!;
}

export interface FeedbackView {
  id: number;
  content: string;
  contact: string;
  /** customer service's reply, '' until answered */
  reply: string;
  created_at: string;
}

/** The login's earlier feedback, newest first (shown under the /yjfk form). */
export async function listFeedback(
  accountId: number,
  page: number,
  perPage: number,
): Promise<Page<FeedbackView>> {
  const db = await getDb();
  const where = eq(feedback.accountId, accountId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(feedback)
      .where(where)
      .orderBy(desc(feedback.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      content: r.content,
      contact: r.contact,
      reply: r.reply,
      created_at: shopIso(r.createdAt),
    })),
    total: Number(total?.n ?? 0),
    page,
    perPage,
  };
}

export interface ClassBView {
  id: number;
  goods_name: string;
  spec: string;
  manufacturer: string;
  quantity: number;
  unit: string;
  order_no: string;
  created_at: string;
}

export async function listClassB(
  companyId: number,
  page: number,
  perPage: number,
): Promise<Page<ClassBView>> {
  const db = await getDb();
  const where = eq(classBRecords.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(classBRecords)
      .where(where)
      .orderBy(desc(classBRecords.createdAt), desc(classBRecords.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(classBRecords).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      goods_name: r.goodsName,
      spec: r.spec,
      manufacturer: r.manufacturer,
      quantity: r.quantity,
      unit: r.unit,
      order_no: r.orderNo,
      created_at: shopIso(r.createdAt),
    })),
    total: Number(total?.n ?? 0),
    page,
    perPage,
  };
}
