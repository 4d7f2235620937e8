import { count } from 'drizzle-orm';
import { config } from '#/server/config.ts';
import { getDb, withStartupLock } from './client.ts';
import { accounts } from './schema/index.ts';

/** Migrates (getDb does) and, on an empty database, writes the demo shop. */
export async function prepareDatabase({
  seed = config.seedDemo,
  // biome-ignore lint/suspicious/noConsole: npm start prints the demo logins to the person who ran it
  log = console.log,
} = {}): Promise<void> {
  const db = await getDb();
  // Processes starting at once on one empty PostgreSQL: one seeds, the others then find it full.
  await withStartupLock(async () => {
    const [row] = await db.select({ n: count() }).from(accounts);
    if (!seed || (row?.n ?? 0) > 0) return;
    // The seed and pinyin-pro's dictionaries (~100 MB) are loaded only when there is seeding to do.
    const { seedDemo } = await import('./seed/index.ts');
    const started = performance.now();
    const seedLog = (m: string) => log(`[seed] ${m}`);
    const stores = await seedDemo(db, { goods: config.seedGoods, log: seedLog });
    if (config.seedHistory) {
      // Run by the shop's own services, unlike the seed (demo/tradeHistory.ts).
      const { seedTradeHistory } = await import('#/server/demo/tradeHistory.ts');
      await seedTradeHistory(db, stores, seedLog);
    }
    log(`[seed] done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });
  if (seed && config.isDemo) {
    const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import('./seed/members.ts');
    const { DEMO_STAFF } = await import('./seed/staff.ts');
    log(
      `Demo logins (password ${DEMO_PASSWORD}): ${Object.values(DEMO_ACCOUNTS)
        .map((a) => a.username)
        .join(', ')}`,
    );
    log(`Back office /admin (password ${DEMO_PASSWORD}): ${DEMO_STAFF.join(', ')}`);
  }
}
