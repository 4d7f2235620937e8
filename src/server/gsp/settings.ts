// The GSP rule (site_settings `gsp_rule`): whether goods whose required documents are missing or
// expired are kept off sale. Off unless staff switch it on.
import { eq, inArray, and } from 'drizzle-orm';
import { shopDay } from '#/lib/shopClock.ts';
import { SEARCH_CACHE_MAX_AGE_MS } from '#/lib/constants.ts';
import { invalidate, registerCache, tag } from '#/server/cache.ts';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { goods, siteSettings } from '#/server/db/schema/index.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { flaggedSql } from './state.ts';

export const GSP_RULE_KEY = 'gsp_rule';

export interface GspRule {
  holdIncomplete: boolean;
}

/** The rule a stored value says (unset or malformed: off). */
export function gspRuleOf(value: unknown): GspRule {
  const v = (value ?? {}) as { hold_incomplete?: unknown };
  return { holdIncomplete: v.hold_incomplete === true };
}

async function readRule(q: Db | Tx): Promise<GspRule> {
  const [row] = await q
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, GSP_RULE_KEY));
  return gspRuleOf(row?.value);
}

// Every add to cart and every order asks for the rule. It is kept a few seconds (another
// process's switch shows within that; this process's at once) and read through the caller's
// connection when it is older: an order asks inside its transaction, and on the embedded database
// a read on another connection (a shared cache's loader) would wait for that transaction for ever.
// A read that began before a switch is not kept.
let known: { rule: GspRule; at: number } | undefined;
let generation = 0;
registerCache({
  name: 'gsp.rule',
  dropTagged(tags) {
    if (tags.has(tag.content)) {
      known = undefined;
      generation++;
    }
  },
  clear() {
    known = undefined;
    generation++;
  },
});

export async function gspRule(q?: Db | Tx): Promise<GspRule> {
  if (known && Date.now() - known.at <= SEARCH_CACHE_MAX_AGE_MS) return known.rule;
  const started = generation;
  const at = Date.now();
  const rule = await readRule(q ?? (await getDb()));
  if (generation === started) known = { rule, at };
  return rule;
}

export async function setGspRule(actor: StaffActor, rule: GspRule): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await readRule(tx);
    const value = { hold_incomplete: rule.holdIncomplete };
    await tx
      .insert(siteSettings)
      .values({ key: GSP_RULE_KEY, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
    await recordAudit(tx, actor, {
      action: 'gsp.rule',
      entity: 'setting',
      entityId: GSP_RULE_KEY,
      before: { hold_incomplete: before.holdIncomplete },
      after: value,
    });
  });
  invalidate({ content: true });
}

/** Why a held goods cannot be bought (cart and order say the same). */
export const HELD_REASON = '首营资料不全或已过期，暂停销售';

/**
 * Of these goods, the ones the rule keeps off sale now (none while the rule is off). `rule`: the
 * rule as the database has it this moment (an order reads it in its transaction); without it, the
 * copy of the last few seconds.
 */
export async function heldGoods(
  q: Db | Tx,
  goodsIds: readonly number[],
  rule?: GspRule,
): Promise<Set<number>> {
  if (goodsIds.length === 0) return new Set();
  const { holdIncomplete } = rule ?? (await gspRule(q));
  if (!holdIncomplete) return new Set();
  const rows = await q
    .select({ id: goods.id })
    .from(goods)
    .where(and(inArray(goods.id, [...goodsIds]), flaggedSql(shopDay(new Date()))));
  return new Set(rows.map((r) => r.id));
}
