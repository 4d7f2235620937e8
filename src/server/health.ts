// What a load balancer asks: /healthz (the process answers) and /readyz (the database answers and
// every migration of this build is applied and the catalogue read model is loaded; not ready while
// shutting down).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { config } from './config.ts';
import { getDb } from './db/client.ts';
import { catalogLoaded } from './goodsSnapshots.ts';

const READY_TIMEOUT_MS = 2000;

let expectedMigrations: number | null = null;
function migrationsOfThisBuild(): number {
  expectedMigrations ??= (
    JSON.parse(readFileSync(path.join(config.migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
  return expectedMigrations;
}

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  migrations: 'ok' | 'pending' | 'unknown';
  /** the catalogue read model: a process still loading it would answer lists from the database */
  catalogue: 'ok' | 'loading';
}

export async function readiness(): Promise<Readiness> {
  try {
    const db = await getDb();
    const applied = await Promise.race([
      db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('database timeout')), READY_TIMEOUT_MS).unref(),
      ),
    ]);
    const row = (applied as unknown as { rows: { n: number }[] }).rows[0];
    const current = (row?.n ?? 0) >= migrationsOfThisBuild();
    const catalogue = catalogLoaded() ? 'ok' : 'loading';
    return {
      ready: current && catalogue === 'ok',
      database: 'ok',
      migrations: current ? 'ok' : 'pending',
      catalogue,
    };
  } catch {
    return {
      ready: false,
      database: 'unreachable',
      migrations: 'unknown',
      catalogue: catalogLoaded() ? 'ok' : 'loading',
    };
  }
}
