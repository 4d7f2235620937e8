// Several site_settings values in one statement, for a caller that needs more than one of them
// afresh (placing an order reads the GSP rule and the welfare rate inside its transaction).
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import { siteSettings } from '#/server/db/schema/index.ts';

/** The stored value of each key that has one; a key never set is absent. */
export async function settingValues(
  q: Db | Tx,
  keys: readonly string[],
): Promise<Map<string, unknown>> {
  const rows = await q
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(inArray(siteSettings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}
