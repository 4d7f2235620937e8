// The step every update and end on the promotions desk takes: lock the row, change it, audit the
// change with the row as it was and as it is, all inside the caller's transaction.
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '#/server/db/client.ts';
import { notFound } from '#/server/errors.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';

type Keyed = PgTable & { id: PgColumn };

interface Change<T extends Keyed> {
  /** the new values, from the row as it was (an end derives its window from it) */
  set: (before: T['$inferSelect']) => PgUpdateSetSource<T>;
  action: string;
  entity: string;
  /** the Chinese 404 message when there is no such row */
  missing: string;
  /** a further condition the row must meet (else it is missing too) */
  match?: SQL;
}

/** Locks row `id` of `table`, changes it and audits it; answers the row before and after. */
export async function changeRow<T extends Keyed>(
  tx: Tx,
  actor: StaffActor,
  table: T,
  id: number,
  change: Change<T>,
): Promise<{ before: T['$inferSelect']; after: T['$inferSelect'] }> {
  const where = change.match ? and(eq(table.id, id), change.match) : eq(table.id, id);
  // The generic table loses drizzle's row types: the rows are T's own.
  const [before] = (await tx
    .select()
    .from(table as PgTable)
    .where(where)
    .for('update')) as T['$inferSelect'][];
  if (!before) throw notFound(change.missing);
  const [after] = (await tx
    .update(table)
    .set(change.set(before))
    .where(eq(table.id, id))
    .returning()) as T['$inferSelect'][];
  await recordAudit(tx, actor, {
    action: change.action,
    entity: change.entity,
    entityId: id,
    before,
    after,
  });
  return { before, after: after! };
}
