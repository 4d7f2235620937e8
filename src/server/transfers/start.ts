// The buyer chooses 对公转账: the order gets a payment waiting for finance with its own
// reference, and from then on waits for the money up to the configured days instead of the
// online timeout (orders/timeout.ts). Asking again answers the same reference.
import { and, eq } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { payments } from '#/server/db/schema/index.ts';
import { conflict } from '#/server/errors.ts';
import type { OrderRow } from '#/server/orders/model.ts';
import { ownOrder } from '#/server/orders/own.ts';
import { transferReference } from './reference.ts';
import { bankTransferSettings } from './settings.ts';

export type TransferRow = typeof payments.$inferSelect;

/** The order's transfer still waiting for finance, if any. */
export async function awaitingTransfer(
  q: Db | Tx,
  orderId: number,
  companyId?: number,
): Promise<TransferRow | undefined> {
  const [p] = await q
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        companyId === undefined ? undefined : eq(payments.companyId, companyId),
        eq(payments.method, 'transfer'),
        eq(payments.status, 'pending'),
      ),
    )
    .limit(1);
  return p;
}

/** The buyer's order's transfer waiting for finance, with the account to pay to. */
export async function currentTransfer(companyId: number, orderId: number) {
  const db = await getDb();
  const transfer = await awaitingTransfer(db, orderId, companyId);
  return transfer ? { transfer, settings: await bankTransferSettings(db) } : null;
}

async function newTransfer(tx: Tx, o: OrderRow): Promise<TransferRow> {
  // A reference already taken (one in 32^8) is simply drawn again.
  for (;;) {
    const [p] = await tx
      .insert(payments)
      .values({
        orderId: o.id,
        companyId: o.companyId,
        method: 'transfer',
        amount: o.payableAmount,
        reference: transferReference(),
      })
      .onConflictDoNothing()
      .returning();
    if (p) return p;
  }
}

export async function startTransfer(companyId: number, orderId: number) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const o = await ownOrder(companyId, orderId, tx);
    const settings = await bankTransferSettings(tx);
    const waiting = await awaitingTransfer(tx, o.id);
    if (waiting) return { transfer: waiting, settings };
    if (o.status === 'cancelled') throw conflict('订单已取消');
    if (o.status !== 'unpaid') throw conflict('订单已支付');
    if (o.expiresAt < new Date()) throw conflict('订单已超时，请重新下单');
    if (!settings.account_no) throw conflict('对公转账暂未开通，请选择其他支付方式');
    return { transfer: await newTransfer(tx, o), settings };
  });
}
