// The GSP rule (site_settings `gsp_rule`): whether goods whose required documents are missing or
// expired are kept off sale. Off unless staff switch it on.
import { eq, inArray, and } from 'drizzle-orm';
import { shopDay } from '#/lib/shopClock.ts';
import { SEARCH_CACHE_MAX_AGE_MS } from '#/lib/constants.ts';
import { invalidate, namedCache, tag } from '#/server/cache.ts';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { goods, siteSettings } from '#/server/db/schema/index.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { flaggedSql } from './state.ts';

const KEY = 'gsp_rule';

export interface GspRule {
  holdIncomplete: boolean;
}

export async function gspRule(q?: Db | Tx): Promise<GspRule> {
  const db = q ?? (await getDb());
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, KEY));
  const v = (row?.value ?? {}) as { hold_incomplete?: unknown };
  return { holdIncomplete: v.hold_incomplete === true };
}

const shown = namedCache<GspRule>('gsp.rule', { ttlMs: SEARCH_CACHE_MAX_AGE_MS, maxEntries: 1 });

/** The rule as pages show it: read at most once per few seconds per process; a change drops it. */
export const shownGspRule = (): Promise<GspRule> =>
  shown.get('rule', () => gspRule(), [tag.content]);

export async function setGspRule(actor: StaffActor, rule: GspRule): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await gspRule(tx);
    const value = { hold_incomplete: rule.holdIncomplete };
    await tx
      .insert(siteSettings)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
    await recordAudit(tx, actor, {
      action: 'gsp.rule',
      entity: 'setting',
      entityId: KEY,
      before: { hold_incomplete: before.holdIncomplete },
      after: value,
    });
  });
  invalidate({ content: true });
}

/** Of these goods, the ones the rule keeps off sale now (none while the rule is off). */
/** Why a held goods cannot be bought (cart and order say the same). */
export const HELD_REASON = '首营资料不全或已过期，暂停销售';

// The rule is read through `q`: placing an order asks inside its transaction, and on the embedded
// database a read on another connection (the cached rule's loader) would wait for that
// transaction for ever.
export async function heldGoods(q: Db | Tx, goodsIds: readonly number[]): Promise<Set<number>> {
  if (goodsIds.length === 0 || !(await gspRule(q)).holdIncomplete) return new Set();
  const rows = await q
    .select({ id: goods.id })
    .from(goods)
    .where(and(inArray(goods.id, [...goodsIds]), flaggedSql(shopDay(new Date()))));
  return new Set(rows.map((r) => r.id));
}
