import { count } from 'drizzle-orm';
import { config } from '../config.ts';
import { getDb } from './client.ts';
import { accounts } from './schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/members.ts';

/** Migrates (getDb does) and, on an empty database, writes the demo shop. */
export async function prepareDatabase({ seed = process.env['SEED_DEMO'] !== '0', log = console.log } = {}): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(accounts);
  if (seed && (row?.n ?? 0) === 0) {
    // The seed and pinyin-pro's dictionaries (~100 MB) are loaded only when there is seeding to do.
    const { seedDemo } = await import('./seed/index.ts');
    const started = performance.now();
    await seedDemo(db, { goods: config.seedGoods, log: (m) => log(`[seed] ${m}`) });
    log(`[seed] done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  if (seed && config.isDemo) {
    log(`Demo logins (password ${DEMO_PASSWORD}): ${Object.values(DEMO_ACCOUNTS).map((a) => a.username).join(', ')}`);
  }
}
