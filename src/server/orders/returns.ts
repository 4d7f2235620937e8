// Return / after-sales requests on chosen lines and quantities of a paid order.
import { eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { orderLines, returnLines, returnRequests } from '#/server/db/schema/index.ts';
import { conflict, invalid } from '#/server/errors.ts';
import { saveReturnPhotos, type CheckedPhoto } from '#/server/returnPhotos.ts';
import { ownOrder } from './own.ts';
import { returnedUnits, returnsOf } from './returnRecords.ts';
import { orderInfo } from './views.ts';

/**
 * Never beyond what was bought less what is already asked back. `photos` are checked
 * (checkReturnPhotos) but not yet stored: they are written once the lines pass.
 */
export async function applyReturn(
  companyId: number,
  orderId: number,
  input: {
    kind: 'return' | 'after_sales';
    reason: string;
    lines: { id: number; number: number }[];
    photos: CheckedPhoto[];
  },
) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const o = await ownOrder(companyId, orderId, tx);
    if (o.status === 'unpaid' || o.status === 'cancelled') throw conflict('该订单不能申请售后');
    const ls = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const prev = await returnsOf(companyId, orderId, tx);
    const [r] = await tx
      .insert(returnRequests)
      .values({
        orderId,
        companyId,
        kind: input.kind,
        reason: input.reason,
        photos: input.photos.map((p) => p.id),
      })
      .returning({ id: returnRequests.id });
    for (const [i, x] of input.lines.entries()) {
      const l = ls.find((y) => y.id === x.id);
      if (!l) throw invalid(`lines.${i}.id`, '订单中没有该商品');
      const left = l.number - returnedUnits(prev, l.id);
      if (x.number > left) throw invalid(`lines.${i}.number`, `${l.name}最多可退${left}${l.bzdw}`);
      await tx.insert(returnLines).values({ returnId: r!.id, orderLineId: l.id, number: x.number });
    }
    await saveReturnPhotos(input.photos);
  });
  return orderInfo(companyId, orderId);
}
