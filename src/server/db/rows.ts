import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** Runs raw SQL and returns its rows: both engines answer `{ rows }`, the shared Db type says unknown. */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A LIKE / ILIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
