// Moves what one demo order's story wrote back to the day it stands for (demo/tradeHistory.ts).
// The story runs through the shop's own services, so its rows carry the seed's clock; moving
// every time they hold by the same interval keeps each row's times in step with the others: the
// order, its payment and ledger rows, shipments, receipt, return and refund, and deadlines set
// from them. The audit log is append-only (migration 0005) and keeps the time each action really
// ran: the seed's.
import { inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { shopStamp } from '#/lib/shopClock.ts';
import type { Db } from '#/server/db/client.ts';
import { rows as sqlRows } from '#/server/db/rows.ts';
import { classBRecords, ledgerEntries, memberMessages, orders } from '#/server/db/schema/index.ts';

/** The tables an order's story writes to. */
const STORY_TABLES = [
  'orders',
  'order_lines',
  'order_submissions',
  'stock_reservations',
  'payments',
  'shipments',
  'shipment_lines',
  'trace_codes',
  'refunds',
  'return_requests',
  'return_lines',
  'ledger_entries',
  'member_messages',
  'class_b_records',
  'receipt_slips',
  'order_invoices',
  'credit_bills',
] as const;

type TimeColumns = Map<string, string[]>;

/** The timestamp columns of the story tables, read from the database itself. */
export async function storyTimeColumns(db: Db): Promise<TimeColumns> {
  const rows = await sqlRows<{ table_name: string; column_name: string }>(
    db,
    sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND data_type = 'timestamp with time zone'
      AND table_name IN (${sql.join(
        STORY_TABLES.map((t) => sql`${t}`),
        sql`, `,
      )})`,
  );
  const columns: TimeColumns = new Map();
  for (const r of rows)
    columns.set(r.table_name, [...(columns.get(r.table_name) ?? []), r.column_name]);
  return columns;
}

/**
 * Every time written at or after `since` moved back to start at `to`, and the numbers of `orderIds`, which
 * carry the time they were placed (serialNo), made anew from their moved time, also where a
 * ledger row, a message or a class-B record quotes them.
 */
export async function backdateStory(
  db: Db,
  columns: TimeColumns,
  story: { since: Date; to: Date; orderIds: readonly number[] },
): Promise<void> {
  const { since, to, orderIds } = story;
  const seconds = (since.getTime() - to.getTime()) / 1000;
  if (seconds <= 0) return;
  await db.transaction(async (tx) => {
    for (const [table, cols] of columns)
      for (const col of cols)
        await tx.execute(sql`
          UPDATE ${sql.identifier(table)} SET ${sql.identifier(col)} =
            ${sql.identifier(col)} - make_interval(secs => ${seconds})
          WHERE ${sql.identifier(col)} >= ${since}`);
    if (!orderIds.length) return;
    const placed = await tx
      .select({ id: orders.id, no: orders.no, createdAt: orders.createdAt })
      .from(orders)
      .where(inArray(orders.id, [...orderIds]));
    for (const o of placed) {
      const no = `${o.no.slice(0, 2)}${shopStamp(o.createdAt)}${o.no.slice(-6)}`;
      await tx.update(orders).set({ no }).where(sql`${orders.id} = ${o.id}`);
      const quoted = (col: PgColumn) => sql`replace(${col}, ${o.no}, ${no})`;
      await tx
        .update(ledgerEntries)
        .set({ remark: quoted(ledgerEntries.remark) })
        .where(sql`${ledgerEntries.orderId} = ${o.id}`);
      await tx
        .update(memberMessages)
        .set({ content: quoted(memberMessages.content), title: quoted(memberMessages.title) })
        .where(sql`strpos(${memberMessages.content}, ${o.no}) > 0`);
      await tx
        .update(classBRecords)
        .set({ orderNo: no })
        .where(sql`${classBRecords.orderNo} = ${o.no}`);
    }
  });
}
