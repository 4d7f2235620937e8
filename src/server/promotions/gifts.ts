// 满赠: gifts for buying a number of a goods.
import { and, asc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#/server/db/client.ts';
import { giftRules } from '#/server/db/schema/index.ts';
import type { GiftRule } from '#/lib/pricing/gifts.ts';
import { openNow } from './openWindow.ts';

export type GiftRuleRow = GiftRule & { name: string };

/** Each goods' running gift rule (the first one, should there be several), by goods id. */
export async function loadGiftRules(
  q: Db | Tx,
  goodsIds: readonly number[],
): Promise<Map<number, GiftRuleRow>> {
  const ids = [...new Set(goodsIds)];
  if (ids.length === 0) return new Map();
  const rows = await q
    .select()
    .from(giftRules)
    .where(and(inArray(giftRules.goodsId, ids), openNow(giftRules)))
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
