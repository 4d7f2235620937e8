// Many rows inserted through one JSON parameter (json_populate_recordset) instead of a multi-row
// VALUES list. drizzle binds one parameter per cell of a VALUES list and builds the statement chunk
// by chunk: 50 new goods are ~1,900 parameters, and building them was 7 % of the server's CPU during
// a 50,000-row import (CPU profile at 100,000 goods on the embedded database, where that CPU is the
// thread that also renders buyers' pages).
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';
import { rows as sqlRows } from './rows.ts';

/**
 * Inserts `values` (rows of the table's insert type, all with the same keys: a key left out takes
 * NULL here, not the column's default) and answers the `returning` columns of each row, in no
 * particular order.
 */
export async function insertJson<T extends PgTable, K extends keyof T['$inferSelect'] & string>(
  q: Db | Tx,
  table: T,
  values: readonly T['$inferInsert'][],
  returning: readonly K[] = [],
): Promise<Pick<T['$inferSelect'], K>[]> {
  if (values.length === 0) return [];
  const columns = getTableColumns(table);
  const keys = Object.keys(values[0]!);
  for (const v of values)
    if (Object.keys(v).length !== keys.length || keys.some((k) => !(k in v)))
      throw new Error('insertJson: every row needs the same keys');
  const names = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`insertJson: no column ${k}`);
    return column.name;
  });
  const json = JSON.stringify(
    values.map((v) => {
      const row: Record<string, unknown> = {};
      keys.forEach((k, i) => {
        row[names[i]!] = (v as Record<string, unknown>)[k];
      });
      return row;
    }),
  );
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  const back: SQL = returning.length
    ? sql` RETURNING ${sql.join(
        returning.map((k) => sql`${sql.identifier(columns[k]!.name)} AS ${sql.identifier(k)}`),
        sql`, `,
      )}`
    : sql``;
  return sqlRows(
    q,
    sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${json}::json)${back}`,
  );
}
