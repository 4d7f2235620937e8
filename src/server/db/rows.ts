import { getTableName, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/** Runs raw SQL and returns its rows: both engines answer `{ rows }`, the shared Db type says unknown. */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * An outer query's column, named with its table, for a correlated subquery in raw SQL. In the
 * select list of a query from one table, drizzle writes that table's columns bare: a bare
 * `"id"` inside `(SELECT … FROM goods_lots l WHERE l.goods_id = "id")` then means the lot's id,
 * and the subquery silently answers for the wrong rows.
 */
export const outerColumn = (column: PgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** A LIKE / ILIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column` for a contains-search of `text` (containsPattern): as the trigram indexes (pg_trgm) see
 * it when `text` holds a trigram, else as an expression no index covers. A text of fewer than three
 * characters holds none: through a trigram index the database reads all of the index and then
 * every row anyway, twice the time of reading the rows (1.7 s against 0.85 s for 感冒 at 100,000
 * goods).
 */
export const searchedColumn = (column: SQLWrapper, text: string): SQL =>
  [...text].length >= 3 ? sql`${column}` : sql`(${column} || '')`;

/**
 * The two-character pieces of `columns` (text_bigrams, migration 0027): the expression of a bigram
 * index, and of the search that must match it exactly to be served by it.
 */
export const textBigrams = (columns: SQLWrapper[]): SQL =>
  sql`text_bigrams(ARRAY[${sql.join(columns, sql`, `)}])`;

/**
 * For a contains-search of a two-character `text`, which holds no trigram: the rows whose
 * `columns` hold its bigram, through the bigram index over exactly these columns. Also ANDed with
 * the search's own conditions, which it narrows but never widens: a text containing the search
 * holds each of its bigrams. Undefined for other lengths.
 */
export const bigramFilter = (columns: SQLWrapper[], text: string): SQL | undefined =>
  [...text].length === 2
    ? sql`${textBigrams(columns)} @> text_bigrams(ARRAY[${text}::text])`
    : undefined;
