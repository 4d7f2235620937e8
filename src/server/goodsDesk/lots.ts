// Stock lots kept by the merchandiser: a new lot, or an existing lot's batch, dates and counted
// stock. The goods' stock is the sum of its lots, kept by the database (migration catalogue), so
// nothing here writes goods.stock. A lot under NEAR_EXPIRY_DAYS shows in the near-expiry filters
// by its date; the near-expiry zone's discount is a promotion bound to the lot.
import { and, eq } from 'drizzle-orm';
import { invalidate } from '#/server/cache.ts';
import { getDb } from '#/server/db/client.ts';
import { goods, goodsLots } from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import type { LotInput } from './forms.ts';

/** Adds a lot (no id) or changes one; answers the lot's id. */
export async function saveLot(goodsId: number, l: LotInput, actor: StaffActor): Promise<number> {
  const db = await getDb();
  const values = {
    batchNo: l.batch_no,
    producedOn: l.produced_on,
    expiresOn: l.expires_on,
    stock: l.stock,
  };
  const id = await db.transaction(async (tx) => {
    const [g] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.id, goodsId));
    if (!g) throw notFound('商品不存在');
    const same = await tx
      .select({ id: goodsLots.id })
      .from(goodsLots)
      .where(and(eq(goodsLots.goodsId, goodsId), eq(goodsLots.batchNo, l.batch_no)));
    if (same.some((s) => s.id !== l.id)) throw invalid('batch_no', `批号${l.batch_no}已存在`);
    if (l.id === undefined) {
      const [made] = await tx
        .insert(goodsLots)
        .values({ goodsId, ...values })
        .returning({ id: goodsLots.id });
      await recordAudit(tx, actor, {
        action: 'lot.create',
        entity: 'goods',
        entityId: goodsId,
        after: { id: made!.id, ...l },
      });
      return made!.id;
    }
    // Locked like an order's reservation locks it: a count never lands between its read and write.
    const [before] = await tx
      .select()
      .from(goodsLots)
      .where(and(eq(goodsLots.id, l.id), eq(goodsLots.goodsId, goodsId)))
      .for('update');
    if (!before) throw notFound('批号不存在');
    await tx.update(goodsLots).set(values).where(eq(goodsLots.id, l.id));
    await recordAudit(tx, actor, {
      action: 'lot.update',
      entity: 'goods',
      entityId: goodsId,
      before,
      after: l,
    });
    return l.id;
  });
  invalidate({ goods: [goodsId] });
  return id;
}
