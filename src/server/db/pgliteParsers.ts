// drizzle keeps dates, timestamps and intervals as PostgreSQL's text (it makes its own Dates) by
// handing PGlite a set of parsers with every query; PGlite then copies its ~320 type parsers
// together with them for every result. That copy was a sixth of the server's CPU on the cart and
// order paths and doubled the cost of a small query (~0.25 ms of ~0.5 ms). The same parsers are
// given once, to the client, and each query's copy is dropped when it asks for nothing else.
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

const keepText = (value: string) => value;

/** What drizzle-orm/pglite asks of every query (its session.js), by type OID. */
export const DRIZZLE_TEXT_PARSERS: Readonly<Record<number, (value: string) => string>> = {
  1114: keepText, // timestamp
  1184: keepText, // timestamptz
  1186: keepText, // interval
  1082: keepText, // date
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

type Options = QueryOptions | undefined;

/** The options without their parsers when the client already has exactly those; else as given. */
function withoutKnownParsers(options: Options): Options {
  if (!options?.parsers) return options;
  for (const oid in options.parsers) if (!(oid in DRIZZLE_TEXT_PARSERS)) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

type Queryable = Pick<PGlite | Transaction, 'query'>;

function dropQueryParsers<C extends Queryable>(client: C): C {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query')
        return (sql: string, params?: unknown[], options?: Options) =>
          target.query(sql, params, withoutKnownParsers(options));
      if (prop === 'transaction' && 'transaction' in target)
        return <T>(fn: (tx: Transaction) => Promise<T>) =>
          (target as unknown as PGlite).transaction((tx) => fn(dropQueryParsers(tx)));
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (!bound.has(prop)) bound.set(prop, value.bind(target));
      return bound.get(prop);
    },
  });
}

/**
 * The client drizzle is given: drizzle's parsers set on the client, each query's copy dropped.
 * Set after start-up, as PGlite then installs its own parsers for every array type.
 */
export function forDrizzle(client: PGlite): PGlite {
  Object.assign(client.parsers, DRIZZLE_TEXT_PARSERS);
  return dropQueryParsers(client);
}
