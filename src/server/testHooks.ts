// Hooks for the test suites only: enabled by YAOPI_TEST_HOOKS=1, otherwise every hook is a 404.
import { eq, sql } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { combinationItems, combinations, giftRules, goodsPrices, manjianActivities, manjianGoods, sessions } from './db/schema/index.ts';
import { notFound } from './http/errors.ts';
import { createHash } from 'node:crypto';
import { forgetCachedSessions } from './sessions.ts';
import { forgetSharedPages } from './pageCache.ts';

export function assertTestHooks(): void {
  if (process.env['YAOPI_TEST_HOOKS'] !== '1') throw notFound('页面不存在');
}

/** Moves a session back in time, to test idle and absolute expiry without waiting. */
export async function ageSession(token: string, idleSeconds: number, ageSeconds: number): Promise<void> {
  assertTestHooks();
  const db = await getDb();
  const tokenHash = createHash('sha256').update(token).digest('hex');
  await db.update(sessions).set({
    lastSeenAt: sql`now() - make_interval(secs => ${idleSeconds})`,
    createdAt: sql`now() - make_interval(secs => ${ageSeconds})`,
    expiresAt: sql`${sessions.expiresAt} - make_interval(secs => ${ageSeconds})`,
  }).where(eq(sessions.tokenHash, tokenHash));
  forgetCachedSessions({ token });
}

/** Promotions of a test's own goods: a price variant, a combination or a 满减 activity. */
export async function createPromotion(input:
  | { kind: 'variant'; goodsId: number; priceKind: 'flash' | 'daily_special' | 'near_expiry' | 'yj'; price: number; userLimit: number | null; startsIn: number; endsIn: number; lotId: number | null }
  | { kind: 'combination'; name: string; packPrice: number; items: { goodsId: number; number: number }[] }
  | { kind: 'manjian'; name: string; tiers: { amount: number; reduce: number }[]; goodsIds: number[] }
  | { kind: 'gift'; goodsId: number; giftName: string; buyNumber: number; giftNumber: number }): Promise<number> {
  assertTestHooks();
  // A page rendered a moment ago must show the new promotion.
  forgetSharedPages();
  const db = await getDb();
  const at = (s: number) => new Date(Date.now() + s * 1000);
  if (input.kind === 'variant') {
    const [r] = await db.insert(goodsPrices).values({ goodsId: input.goodsId, kind: input.priceKind, price: input.price, userLimit: input.userLimit, lotId: input.lotId, startsAt: at(input.startsIn), endsAt: at(input.endsIn) }).returning({ id: goodsPrices.id });
    return r!.id;
  }
  if (input.kind === 'gift') {
    const [g] = await db.insert(giftRules).values({ goodsId: input.goodsId, giftName: input.giftName, buyNumber: input.buyNumber, giftNumber: input.giftNumber }).returning({ id: giftRules.id });
    return g!.id;
  }
  if (input.kind === 'combination') {
    const [c] = await db.insert(combinations).values({ name: input.name, packPrice: input.packPrice }).returning({ id: combinations.id });
    await db.insert(combinationItems).values(input.items.map((i) => ({ combinationId: c!.id, goodsId: i.goodsId, number: i.number })));
    return c!.id;
  }
  const [a] = await db.insert(manjianActivities).values({ name: input.name, tiers: input.tiers, startsAt: at(-60), endsAt: at(86_400) }).returning({ id: manjianActivities.id });
  await db.insert(manjianGoods).values(input.goodsIds.map((goodsId) => ({ activityId: a!.id, goodsId })));
  return a!.id;
}
