import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { config } from '#/server/config.ts';
import * as schema from './schema/index.ts';
import { lockDataDir } from './lock.ts';
import { forDrizzle } from './pgliteParsers.ts';
import { logger } from '#/server/log.ts';
import { vacuumDue } from './vacuum.ts';

export type Schema = typeof schema;
/** Both engines (PGlite and node-postgres) answer to this one type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface DbHandle {
  db: Db;
  close: () => Promise<void>;
  engine: 'pglite' | 'postgres';
  /** runs `fn` while holding the start-up lock that every process of this database shares */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
}

// Taken by migrations and the demo seed, so processes starting together take turns.
const STARTUP_LOCK = 727001;

// The embedded database's page cache lives in its WebAssembly heap, which never shrinks: PGlite's
// 128 MB default made that heap ~200 MB. The catalogue is read from memory (goodsSnapshots.ts) and
// the data files stay in the OS's cache, so 32 MB serves carts and orders as well (the bench's cart
// flows at 100,000 goods: the same req/s within noise) for ~60 MB less of the process's memory.
const SHARED_BUFFERS = '32MB';

async function openPglite(): Promise<DbHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataDir: string | undefined;
  if (config.dataDir !== 'memory://') {
    lockDataDir(config.dataDir);
    dataDir = path.join(config.dataDir, 'pglite');
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
  const db = drizzle({ client: forDrizzle(client), schema });
  await migrate(db, { migrationsFolder: config.migrationsDir });
  // What piled up while no process ran this folder's maintenance (db/vacuum.ts): before any
  // request waits for it.
  const vacuumed = await vacuumDue(db as unknown as Db);
  if (vacuumed.length) logger.info('vacuumed the embedded database', { tables: vacuumed });
  return {
    db: db as unknown as Db,
    close: () => client.close(),
    engine: 'pglite',
    // One process owns the data folder (lock.ts): nobody to take turns with.
    exclusive: (fn) => fn(),
  };
}

async function openPostgres(url: string): Promise<DbHandle> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({
    connectionString: url,
    max: config.dbPoolMax,
  });
  // A connection the server ended (restart, failover, pg_terminate_backend) must not end the
  // process. The pool hears it only while the connection is idle (and drops it, opening a new one
  // on the next query); one checked out (a transaction between two statements) emits 'error' with
  // no query to take it, and an unheard 'error' ends the process. So every connection has its own
  // listener, which logs the loss once; its next statement fails as unavailable and the pool drops
  // it on release. The pool's listener only keeps the pool's re-emission of it from being unheard.
  pool.on('connect', (client) =>
    client.on('error', (error: Error & { code?: string }) =>
      logger.warn('database connection lost', { reason: error.message, pg_code: error.code }),
    ),
  );
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema });
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const conn = await pool.connect();
    try {
      await conn.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await fn();
    } finally {
      await conn.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
      conn.release();
    }
  };
  await exclusive(() => migrate(db, { migrationsFolder: config.migrationsDir }));
  return { db: db as unknown as Db, close: () => pool.end(), engine: 'postgres', exclusive };
}

// One instance per process; a globalThis slot survives Vite's dev reloads.
const slot = globalThis as unknown as { __yaopiDb?: Promise<DbHandle> };

function handle(): Promise<DbHandle> {
  if (!slot.__yaopiDb) {
    const opening = config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite();
    // A database that was away at the first request is tried again at the next one.
    opening.catch(() => {
      if (slot.__yaopiDb === opening) delete slot.__yaopiDb;
    });
    slot.__yaopiDb = opening;
  }
  return slot.__yaopiDb;
}

// PostgreSQL's connection exceptions (08…), shutdown and start-up states (57P01–57P03), and the
// driver's own words for a socket that went away.
const UNAVAILABLE_CODES = /^(08|57P0[123]|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND)/;
// A database that refuses new connections (ALLOW_CONNECTIONS false, during maintenance) answers
// SQLSTATE 55000, a code shared with unrelated errors: its text tells it.
const UNAVAILABLE_TEXT =
  /Connection terminated|connection timeout|Client has encountered a connection error|is not currently accepting connections/i;

/** Whether an error means the database cannot be reached right now (answer 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.test(code)) return true;
    if (UNAVAILABLE_TEXT.test(e.message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export async function getDb(): Promise<Db> {
  return (await handle()).db;
}

/** Runs `fn` as the only starting process of this database (migrations, the demo seed). */
export async function withStartupLock<T>(fn: () => Promise<T>): Promise<T> {
  return (await handle()).exclusive(fn);
}

export async function closeDb(): Promise<void> {
  const h = slot.__yaopiDb;
  delete slot.__yaopiDb;
  if (h) await (await h).close();
}
