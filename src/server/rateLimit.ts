import { sql } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { rateLimits } from './db/schema/index.ts';
import { rateLimited } from './errors.ts';

/**
 * Counts a hit for `key` in a fixed window and throws 429 past `limit` (with `message`, else the
 * general one). The counter lives in the database so several app processes share it; one upsert
 * per hit. Old windows are deleted by housekeeping.ts.
 */
export async function limitRate(
  key: string,
  limit: number,
  windowMs: number,
  message?: string,
): Promise<void> {
  const db = await getDb();
  const seconds = windowMs / 1000;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${seconds}) then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= now() - make_interval(secs => ${seconds}) then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  if ((row?.count ?? 0) > limit) throw rateLimited(message);
}
