// 满赠 rules as the merchandiser keeps them: buy `buyNumber` of a goods, get `giftNumber` of the
// gift, at most `maxTotal` per order line. The cart reads the running ones (promotions/gifts.ts).
import { desc, eq } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { giftRules, goods } from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { invalidate } from '#/server/cache.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { checkWindow, endedNow } from './window.ts';

export interface GiftRuleInput {
  goodsId: number;
  giftName: string;
  buyNumber: number;
  giftNumber: number;
  maxTotal: number | null;
  startsAt: Date;
  /** null: until ended */
  endsAt: Date | null;
}

export type GiftRuleDeskRow = typeof giftRules.$inferSelect & { goodsName: string };

export function checkGiftRule(input: GiftRuleInput): void {
  if (input.endsAt) checkWindow({ startsAt: input.startsAt, endsAt: input.endsAt });
  if (input.maxTotal !== null && input.maxTotal < input.giftNumber)
    throw invalid('max_total', '赠品上限不能少于每次赠送数量');
}

export async function listGiftRules(limit: number): Promise<GiftRuleDeskRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ r: giftRules, goodsName: goods.name })
    .from(giftRules)
    .innerJoin(goods, eq(goods.id, giftRules.goodsId))
    .orderBy(desc(giftRules.id))
    .limit(limit);
  return rows.map((x) => ({ ...x.r, goodsName: x.goodsName }));
}

async function goodsExists(tx: Tx, id: number): Promise<void> {
  const [g] = await tx.select({ id: goods.id }).from(goods).where(eq(goods.id, id));
  if (!g) throw invalid('goods_id', '商品不存在');
}

export async function saveGiftRule(
  id: number | null,
  input: GiftRuleInput,
  actor: StaffActor,
): Promise<number> {
  checkGiftRule(input);
  const db = await getDb();
  const touched = new Set([input.goodsId]);
  const saved = await db.transaction(async (tx) => {
    await goodsExists(tx, input.goodsId);
    let before: typeof giftRules.$inferSelect | null = null;
    if (id !== null) {
      [before = null] = await tx.select().from(giftRules).where(eq(giftRules.id, id)).for('update');
      if (!before) throw notFound('活动不存在');
      touched.add(before.goodsId);
    }
    const [after] =
      id === null
        ? await tx.insert(giftRules).values(input).returning()
        : await tx.update(giftRules).set(input).where(eq(giftRules.id, id)).returning();
    await recordAudit(tx, actor, {
      action: id === null ? 'promotion.gift.create' : 'promotion.gift.update',
      entity: 'gift_rule',
      entityId: after!.id,
      before,
      after,
    });
    return after!.id;
  });
  invalidate({ goods: touched });
  return saved;
}

export async function endGiftRule(id: number, actor: StaffActor): Promise<void> {
  const db = await getDb();
  const goodsId = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(giftRules).where(eq(giftRules.id, id)).for('update');
    if (!before) throw notFound('活动不存在');
    const now = new Date();
    const [after] = await tx
      .update(giftRules)
      .set(endedNow({ startsAt: before.startsAt, endsAt: before.endsAt ?? now }, now))
      .where(eq(giftRules.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'promotion.gift.end',
      entity: 'gift_rule',
      entityId: id,
      before,
      after,
    });
    return before.goodsId;
  });
  invalidate({ goods: [goodsId] });
}
