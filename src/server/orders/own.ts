// A company's own order: another company's order id is "not found".
import { and, eq } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { orders } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import type { OrderRow } from './model.ts';

/** Inside a transaction the order is locked (FOR UPDATE). */
export async function ownOrder(
  companyId: number,
  id: number,
  tx: Tx | null = null,
): Promise<OrderRow> {
  const q = tx ?? (await getDb());
  const query = q
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.companyId, companyId)))
    .limit(1);
  const [o] = await (tx ? query.for('update') : query);
  if (!o) throw notFound('订单不存在');
  return o;
}
