// 满赠: gifts for buying a number of a goods.
import { asc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import { giftRules } from '#/server/db/schema/index.ts';
import type { GiftRule } from '#/lib/pricing/gifts.ts';

export type GiftRuleRow = GiftRule & { name: string };

/** Each goods' gift rule (the first one, should there be several), by goods id. */
export async function loadGiftRules(
  q: Db | Tx,
  goodsIds: readonly number[],
): Promise<Map<number, GiftRuleRow>> {
  const ids = [...new Set(goodsIds)];
  if (ids.length === 0) return new Map();
  const rows = await q
    .select()
    .from(giftRules)
    .where(inArray(giftRules.goodsId, ids))
    .orderBy(asc(giftRules.id));
  const out = new Map<number, GiftRuleRow>();
  for (const r of rows)
    if (!out.has(r.goodsId))
      out.set(r.goodsId, {
        buyNumber: r.buyNumber,
        giftNumber: r.giftNumber,
        maxTotal: r.maxTotal,
        name: r.giftName,
      });
  return out;
}
