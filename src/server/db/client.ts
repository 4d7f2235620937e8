import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { config } from '../config.ts';
import * as schema from './schema/index.ts';
import { lockDataDir } from './lock.ts';

export type Schema = typeof schema;
/** Both engines (PGlite and node-postgres) answer to this one type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface DbHandle {
  db: Db;
  close: () => Promise<void>;
  engine: 'pglite' | 'postgres';
}

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
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: config.migrationsDir });
  return { db: db as unknown as Db, close: () => client.close(), engine: 'pglite' };
}

async function openPostgres(url: string): Promise<DbHandle> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.default.Pool({ connectionString: url, max: Number(process.env['DB_POOL_MAX'] || 10) });
  const db = drizzle({ client: pool, schema });
  // Several app processes may start at once: an advisory lock lets one migrate at a time.
  const conn = await pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock(727001)');
    await migrate(db, { migrationsFolder: config.migrationsDir });
  } finally {
    await conn.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
    conn.release();
  }
  return { db: db as unknown as Db, close: () => pool.end(), engine: 'postgres' };
}

// One instance per process; a globalThis slot survives Vite's dev reloads.
const slot = globalThis as unknown as { __yaopiDb?: Promise<DbHandle> };

function handle(): Promise<DbHandle> {
  slot.__yaopiDb ??= config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite();
  return slot.__yaopiDb;
}

export async function getDb(): Promise<Db> {
  return (await handle()).db;
}

export async function dbEngine(): Promise<DbHandle['engine']> {
  return (await handle()).engine;
}

export async function closeDb(): Promise<void> {
  const h = slot.__yaopiDb;
  delete slot.__yaopiDb;
  if (h) await (await h).close();
}
