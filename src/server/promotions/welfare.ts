// 全场折扣 (/welfare) on the server: the rate the merchandiser sets (site_settings
// `welfare_rate`), which cart lines take it, and the zone's price.
import { eq } from 'drizzle-orm';
import { applyRate } from '#/lib/money.ts';
import { SEARCH_CACHE_MAX_AGE_MS, WELFARE_RATE } from '#/lib/constants.ts';
import { inWelfareZone } from '#/lib/welfare.ts';
import { invalidate, namedCache, tag } from '#/server/cache.ts';
import { getDb, type Tx } from '#/server/db/client.ts';
import { siteSettings } from '#/server/db/schema/index.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import type { GoodsCard } from '#/server/catalog/cards.ts';

export const WELFARE_RATE_KEY = 'welfare_rate';
const DEFAULT_PERCENT = Math.round(WELFARE_RATE * 100);

/** The percent a stored value says (unset or malformed: the default). */
function welfarePercentOf(value: unknown): number {
  const percent = (value as { percent?: unknown } | undefined)?.percent;
  return typeof percent === 'number' && Number.isInteger(percent) ? percent : DEFAULT_PERCENT;
}

async function readPercent(q: Tx | null = null): Promise<number> {
  const db = q ?? (await getDb());
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, WELFARE_RATE_KEY));
  return welfarePercentOf(row?.value);
}

// Every cart and the /welfare page ask for it; a change drops it with the content tag, which
// also drops the shared pages that show welfare prices.
const percentCache = namedCache<number>('welfareRate', {
  ttlMs: SEARCH_CACHE_MAX_AGE_MS,
  maxEntries: 1,
});

/** The welfare rate in percent (94 = 94折). */
export const welfarePercent = (): Promise<number> =>
  percentCache.get('percent', () => readPercent(), [tag.content]);

const asRate = (percent: number) => percent / 100;

/** The welfare rate as the price engine takes it (0.94). */
export const welfareRate = async (): Promise<number> => asRate(await welfarePercent());

/** The rate a stored value says, as the price engine takes it (placing an order reads it afresh). */
export const welfareRateOf = (value: unknown): number => asRate(welfarePercentOf(value));

/** The merchandiser's new rate (bounds checked by the form), audited. */
export async function setWelfarePercent(percent: number, actor: StaffActor): Promise<void> {
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const before = await readPercent(tx);
      const value = { percent };
      await tx
        .insert(siteSettings)
        .values({ key: WELFARE_RATE_KEY, value })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
      await recordAudit(tx, actor, {
        action: 'promotion.welfare_rate',
        entity: 'setting',
        entityId: WELFARE_RATE_KEY,
        before: { percent: before },
        after: value,
      });
    });
  } finally {
    invalidate({ content: true });
  }
}

/**
 * Whether a cart line takes the welfare rate: a normal line (type 0) of goods in the welfare zone
 * (lib/welfare). Flash and combination lines carry their own price, so a welfare flag on them (or
 * on goods outside the zone) is ignored.
 */
export function welfareEligible(
  g: { isControlled: boolean; isEphedrine: boolean },
  type: number,
  hasVariant: boolean,
): boolean {
  return type === 0 && inWelfareZone(g, hasVariant);
}

/** A card's unit price on /welfare: `rate` of it, floored to the fen, in the zone; else as is. */
export function welfarePrice(card: GoodsCard, rate: number): number {
  return inWelfareZone(card.goods, card.variant !== null)
    ? applyRate(card.unitPrice, rate)
    : card.unitPrice;
}
