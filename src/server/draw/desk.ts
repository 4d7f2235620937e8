// The merchandiser's lucky-draw activities (the promotions desk, /admin/promotions/draw): list,
// create, change and end them, each write audited. Members draw through perform.ts.
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import {
  drawActivities,
  drawPrizes,
  drawRecords,
  type DrawPrizeKind,
} from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { invalidate } from '#/server/cache.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { checkWindow, endedNow } from '#/server/marketing/window.ts';
import type { Activity, Prize } from './activities.ts';

export interface PrizeInput {
  name: string;
  kind: DrawPrizeKind;
  /** points for a points prize, the coupon's amount in fen for a coupon prize */
  value: number;
  /** fen; coupon prizes only, 0 = no threshold */
  threshold: number;
  validDays: number;
  weight: number;
  /** null = unlimited */
  stock: number | null;
  remarks: string;
}

export interface DrawActivityInput {
  name: string;
  startsAt: Date;
  endsAt: Date;
  dailyLimit: number;
  popup: boolean;
  prizes: PrizeInput[];
}

export type DrawDeskRow = Activity & { prizes: Prize[]; draws: number };

/**
 * Set-ups a draw could not honour: a window that never runs, odds that leave nothing to win, a
 * points or coupon prize worth nothing, or a coupon that pays for its own threshold.
 */
export function checkDrawActivity(input: DrawActivityInput): void {
  checkWindow(input);
  if (!input.prizes.some((p) => p.weight > 0))
    throw invalid('prizes', '中奖权重合计须大于0，否则无人能中奖');
  input.prizes.forEach((p, i) => {
    const row = `第${i + 1}个奖品`;
    if (p.kind !== 'goods' && p.value <= 0)
      throw invalid(`prizes.${i}.value`, `${row}${p.kind === 'points' ? '积分' : '面额'}须大于0`);
    if (p.kind === 'coupon' && p.threshold > 0 && p.value >= p.threshold)
      throw invalid(`prizes.${i}.value`, `${row}的优惠券面额须小于使用门槛`);
  });
}

export async function listDrawActivities(limit: number): Promise<DrawDeskRow[]> {
  const db = await getDb();
  const activities = await db
    .select()
    .from(drawActivities)
    .orderBy(desc(drawActivities.id))
    .limit(limit);
  if (activities.length === 0) return [];
  const ids = activities.map((a) => a.id);
  const [prizes, draws] = await Promise.all([
    db
      .select()
      .from(drawPrizes)
      .where(inArray(drawPrizes.activityId, ids))
      .orderBy(asc(drawPrizes.sort), asc(drawPrizes.id)),
    db
      .select({ id: drawRecords.activityId, n: count() })
      .from(drawRecords)
      .where(inArray(drawRecords.activityId, ids))
      .groupBy(drawRecords.activityId),
  ]);
  const drawn = new Map(draws.map((d) => [d.id, d.n]));
  return activities.map((a) => ({
    ...a,
    prizes: prizes.filter((p) => p.activityId === a.id),
    draws: drawn.get(a.id) ?? 0,
  }));
}

const activityFields = (input: DrawActivityInput) => ({
  name: input.name,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  dailyLimit: input.dailyLimit,
  popup: input.popup,
});

/**
 * The prizes of a changed activity, row by row: the prize in row N keeps its id (records of its
 * wins point at it), rows added become new prizes, and a removed row goes only if nobody has won
 * it yet.
 */
async function replacePrizes(tx: Tx, activityId: number, prizes: PrizeInput[]): Promise<Prize[]> {
  const before = await tx
    .select()
    .from(drawPrizes)
    .where(eq(drawPrizes.activityId, activityId))
    .orderBy(asc(drawPrizes.sort), asc(drawPrizes.id));
  const surplus = before.slice(prizes.length);
  if (surplus.length > 0) {
    const won = await tx
      .select({ id: drawRecords.prizeId })
      .from(drawRecords)
      .where(
        inArray(
          drawRecords.prizeId,
          surplus.map((p) => p.id),
        ),
      )
      .limit(1);
    if (won[0]) {
      const name = surplus.find((p) => p.id === won[0]!.id)!.name;
      throw invalid('prizes', `奖品「${name}」已有中奖记录，不能删除，可将其中奖权重设为0`);
    }
    await tx.delete(drawPrizes).where(
      inArray(
        drawPrizes.id,
        surplus.map((p) => p.id),
      ),
    );
  }
  const after: Prize[] = [];
  for (const [sort, p] of prizes.entries()) {
    const old = before[sort];
    const [row] = old
      ? await tx
          .update(drawPrizes)
          .set({ ...p, sort })
          .where(eq(drawPrizes.id, old.id))
          .returning()
      : await tx
          .insert(drawPrizes)
          .values({ ...p, activityId, sort })
          .returning();
    after.push(row!);
  }
  return after;
}

/** Creates (id null) or changes an activity with its prizes, audited. */
export async function saveDrawActivity(
  id: number | null,
  input: DrawActivityInput,
  actor: StaffActor,
): Promise<{ id: number; prizes: { id: number; name: string; stock: number | null }[] }> {
  checkDrawActivity(input);
  const run = async (tx: Tx) => {
    let before: (Activity & { prizes: Prize[] }) | null = null;
    if (id !== null) {
      const [a] = await tx
        .select()
        .from(drawActivities)
        .where(eq(drawActivities.id, id))
        .for('update');
      if (!a) throw notFound('抽奖活动不存在');
      const prizes = await tx.select().from(drawPrizes).where(eq(drawPrizes.activityId, id));
      before = { ...a, prizes };
    }
    const [a] =
      id === null
        ? await tx.insert(drawActivities).values(activityFields(input)).returning()
        : await tx
            .update(drawActivities)
            .set(activityFields(input))
            .where(eq(drawActivities.id, id))
            .returning();
    const prizes = await replacePrizes(tx, a!.id, input.prizes);
    await recordAudit(tx, actor, {
      action: id === null ? 'promotion.draw.create' : 'promotion.draw.update',
      entity: 'draw_activity',
      entityId: a!.id,
      before,
      after: { ...a, prizes },
    });
    return { id: a!.id, prizes: prizes.map((p) => ({ id: p.id, name: p.name, stock: p.stock })) };
  };
  try {
    return await (await getDb()).transaction(run);
  } finally {
    // The home page's pop-up and invitations read activities under the content tag.
    invalidate({ content: true });
  }
}

/** Ends an activity now: members can no longer draw; records and prizes stay. */
export async function endDrawActivity(id: number, actor: StaffActor): Promise<void> {
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(drawActivities)
        .where(eq(drawActivities.id, id))
        .for('update');
      if (!before) throw notFound('抽奖活动不存在');
      const [after] = await tx
        .update(drawActivities)
        .set(endedNow(before))
        .where(eq(drawActivities.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'promotion.draw.end',
        entity: 'draw_activity',
        entityId: id,
        before,
        after,
      });
    });
  } finally {
    invalidate({ content: true });
  }
}
