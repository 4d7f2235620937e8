// Staff review of 含麻 receipt slips (回执单): the uploaded file shown, confirmed (the store may
// buy 含麻 goods again) or rejected with a reason the buyer sees on /hmdd before uploading again.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { uploadsDir } from '#/server/config.ts';
import { getDb } from '#/server/db/client.ts';
import { companies, orders, receiptSlips, SLIP_STATUSES } from '#/server/db/schema/index.ts';
import { conflict, notFound } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';

export type SlipStatus = (typeof SLIP_STATUSES)[number];
export const SLIPS_PER_PAGE = 30;

export async function listSlips(f: { status: SlipStatus; page: number }) {
  const db = await getDb();
  const where = eq(receiptSlips.status, f.status);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(receiptSlips).where(where);
  const rows = await db
    .select({
      slip: receiptSlips,
      orderNo: orders.no,
      orderStatus: orders.status,
      companyName: companies.name,
    })
    .from(receiptSlips)
    .innerJoin(orders, eq(orders.id, receiptSlips.orderId))
    .innerJoin(companies, eq(companies.id, receiptSlips.companyId))
    .where(where)
    // The waiting ones oldest first; the decided ones newest first.
    .orderBy(
      ...(f.status === 'uploaded'
        ? [asc(receiptSlips.uploadedAt), asc(receiptSlips.id)]
        : [desc(receiptSlips.id)]),
    )
    .limit(SLIPS_PER_PAGE)
    .offset((f.page - 1) * SLIPS_PER_PAGE);
  return { rows, total: Number(c?.n ?? 0), page: f.page, perPage: SLIPS_PER_PAGE };
}

export type SlipListRow = Awaited<ReturnType<typeof listSlips>>['rows'][number];

export async function reviewSlip(
  actor: StaffActor,
  id: number,
  decision: { state: 'confirmed' | 'rejected'; reason: string },
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [s] = await tx.select().from(receiptSlips).where(eq(receiptSlips.id, id)).for('update');
    if (!s) throw notFound('回执单不存在');
    if (s.status === 'awaiting') throw conflict('买家尚未上传回执单');
    if (s.status !== 'uploaded') throw conflict('该回执单已审核，请刷新后查看');
    const [o] = await tx
      .select({ no: orders.no })
      .from(orders)
      .where(eq(orders.id, s.orderId))
      .limit(1);
    const rejectReason = decision.state === 'rejected' ? decision.reason : '';
    await tx
      .update(receiptSlips)
      .set({ status: decision.state, reviewedAt: new Date(), reviewedBy: actor.id, rejectReason })
      .where(eq(receiptSlips.id, id));
    await recordAudit(tx, actor, {
      action: 'slip.review',
      entity: 'receipt_slip',
      entityId: id,
      before: { status: s.status },
      after: { status: decision.state, reason: rejectReason, order_id: s.orderId },
    });
    await notifyCompany(
      tx,
      s.companyId,
      decision.state === 'confirmed'
        ? {
            title: '含麻回执单已确认',
            content: `订单${o!.no}的回执单已确认，您可以继续采购含麻黄碱类商品。`,
          }
        : {
            title: '含麻回执单被退回',
            content: `订单${o!.no}的回执单被退回，原因：${rejectReason}。请在“含麻订单”中重新上传。`,
          },
    );
  });
}

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/** The uploaded slip's bytes, for staff only (slips are stored outside public/). */
export async function slipFile(id: number): Promise<{ bytes: Buffer; mime: string }> {
  const db = await getDb();
  const [s] = await db
    .select({ file: receiptSlips.signedFile })
    .from(receiptSlips)
    .where(eq(receiptSlips.id, id))
    .limit(1);
  const m = s?.file ? /^slips\/[\w.-]+\.(jpg|png|pdf)$/.exec(s.file) : null;
  if (!m) throw notFound('回执单文件不存在');
  const bytes = await readFile(path.join(uploadsDir(), s!.file!)).catch(() => null);
  if (!bytes) throw notFound('回执单文件不存在');
  return { bytes, mime: MIME[m[1]!]! };
}
