// 满赠 rules as the merchandiser keeps them: buy `buyNumber` of a goods, get `giftNumber` of the
// gift, at most `maxTotal` per order line. The cart reads the running ones (promotions/gifts.ts).
import { desc, eq } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { giftRules, goods } from '#/server/db/schema/index.ts';
import { invalid } from '#/server/errors.ts';
import { invalidate } from '#/server/cache.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { changeRow } from './change.ts';
import { checkWindow, endedOpen } from './window.ts';

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

// What every change of a rule is audited as, and its 404.
const RULE = { entity: 'gift_rule', missing: '活动不存在' };

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
    if (id !== null) {
      const { before } = await changeRow(tx, actor, giftRules, id, {
        ...RULE,
        set: () => input,
        action: 'promotion.gift.update',
      });
      touched.add(before.goodsId);
      return id;
    }
    const [after] = await tx.insert(giftRules).values(input).returning();
    await recordAudit(tx, actor, {
      action: 'promotion.gift.create',
      entity: 'gift_rule',
      entityId: after!.id,
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
    const { before } = await changeRow(tx, actor, giftRules, id, {
      ...RULE,
      set: endedOpen,
      action: 'promotion.gift.end',
    });
    return before.goodsId;
  });
  invalidate({ goods: [goodsId] });
}
