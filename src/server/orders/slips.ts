// 含麻 (ephedrine) orders' receipt slips (随货回执单): one per ephedrine order; the signed slip
// of the last one must be back and confirmed by staff before the next ephedrine order.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { orders, receiptSlips } from '#/server/db/schema/index.ts';
import { conflict, DomainError, invalid, notFound } from '#/server/errors.ts';
import { ownOrder } from './own.ts';
import { orderDetail, orderInfo } from './views.ts';

export async function openSlip(tx: Tx, companyId: number, orderId: number): Promise<void> {
  await tx.insert(receiptSlips).values({ orderId, companyId });
}

const NOT_YET: Record<'awaiting' | 'uploaded' | 'rejected', string> = {
  awaiting: '上一笔含麻订单的回执单尚未上传，暂不能购买含麻商品',
  uploaded: '上一笔含麻订单的回执单正在审核，确认后才能再次购买含麻商品',
  rejected: '上一笔含麻订单的回执单被退回，请重新上传，确认后才能再次购买含麻商品',
};

/** The next 含麻 order waits until staff have confirmed the slip of every earlier one. */
export async function assertEphedrineAllowed(tx: Tx, companyId: number): Promise<void> {
  const [open] = await tx
    .select({ status: receiptSlips.status })
    .from(receiptSlips)
    .innerJoin(orders, eq(orders.id, receiptSlips.orderId))
    .where(
      and(
        eq(receiptSlips.companyId, companyId),
        ne(receiptSlips.status, 'confirmed'),
        sql`${orders.status} <> 'cancelled'`,
      ),
    )
    .orderBy(asc(receiptSlips.id))
    .limit(1);
  if (open && open.status !== 'confirmed') {
    const message = NOT_YET[open.status];
    throw new DomainError('RECEIPT_SLIP_MISSING', message, { ids: [message] });
  }
}

export async function uploadSlip(companyId: number, orderId: number, fileName: string) {
  const db = await getDb();
  const o = await ownOrder(companyId, orderId);
  if (!o.isEphedrine) throw notFound('该订单没有回执单');
  const done = await db
    .update(receiptSlips)
    .set({ signedFile: fileName, uploadedAt: new Date(), status: 'uploaded' })
    .where(and(eq(receiptSlips.orderId, orderId), ne(receiptSlips.status, 'confirmed')))
    .returning({ id: receiptSlips.id });
  if (done.length === 0) throw conflict('回执单已确认，无需重新上传');
  return orderInfo(companyId, orderId);
}

/** The slip to print, sign and send back: a text file (UTF-8 with BOM, CRLF) named after the order. */
export async function receiptSlip(
  companyId: number,
  orderId: number,
): Promise<{ fileName: string; text: string }> {
  const { order, lines, reservations } = await orderDetail(companyId, orderId);
  if (!order.isEphedrine) throw invalid('id', '该订单没有回执单');
  const rows = lines.map((l) => {
    const lots = reservations
      .filter((r) => r.orderLineId === l.id)
      .map((r) => `${r.batchNo}(${r.expiresOn})`)
      .join(',');
    return `${l.name}\t${l.spec}\t${l.sccj}\t${l.number}${l.bzdw}\t${lots}`;
  });
  const text = [
    '含麻黄碱类药品购进回执单',
    `订单号：${order.no}`,
    `下单时间：${order.createdAt.toISOString()}`,
    '',
    '品名\t规格\t生产厂家\t数量\t批号(有效期)',
    ...rows,
    '',
    '收货单位（盖章）：__________  收货人签字：__________  日期：__________',
  ].join('\r\n');
  return { fileName: `receipt-${order.no}.txt`, text: `\ufeff${text}` };
}
