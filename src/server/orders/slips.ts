// 含麻 (ephedrine) orders' receipt slips (随货回执单): one per ephedrine order; the signed slip
// of the last one must be back and confirmed by staff before the next ephedrine order.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { orders, receiptSlips } from '#/server/db/schema/index.ts';
import { conflict, DomainError, isDomainError, notFound } from '#/server/errors.ts';
import { companies } from '#/server/db/schema/index.ts';
import { shopIdentity } from '#/server/operator.ts';
import { parseRecordId } from '#/lib/ids.ts';
import { ORDER_LINE_TYPE } from '#/lib/constants.ts';
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

/**
 * The slip to print, sign, stamp and send back, as its page shows it: who sells, who buys, the
 * order and what it holds by lot. Another store's order or a normal order has none (null: 404).
 */
export async function receiptSlip(companyId: number, idParam: string | undefined) {
  const id = parseRecordId(idParam);
  if (id === null) return null;
  let detail: Awaited<ReturnType<typeof orderDetail>>;
  try {
    detail = await orderDetail(companyId, id);
  } catch (e) {
    if (isDomainError(e, 'NOT_FOUND')) return null;
    throw e;
  }
  const { order, lines, reservations } = detail;
  if (!order.isEphedrine) return null;
  const db = await getDb();
  const [buyer] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return {
    shop: await shopIdentity(),
    buyer: buyer?.name ?? '',
    order: { id: order.id, no: order.no, createdAt: order.createdAt, address: order.address },
    rows: lines
      .filter((l) => l.type !== ORDER_LINE_TYPE.gift)
      .map((l) => ({
        name: l.name,
        spec: l.spec,
        manufacturer: l.sccj,
        unit: l.bzdw,
        number: l.number,
        lots: reservations
          .filter((r) => r.orderLineId === l.id)
          .map((r) => ({ batchNo: r.batchNo, expiresOn: r.expiresOn, number: r.number })),
      })),
  };
}

export type ReceiptSlip = NonNullable<Awaited<ReturnType<typeof receiptSlip>>>;
