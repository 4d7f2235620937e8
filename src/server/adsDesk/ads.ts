// The ads desk: the ads of each position (lib/adSlots.ts), their order, pictures and windows.
// Every change is audited and announces the `content` tag, so the header's and the ad readers'
// caches (header.ts, focus.ts) show it within their few seconds.
import { asc, eq, max } from 'drizzle-orm';
import { adSlotOf } from '#/lib/adSlots.ts';
import { invalidate } from '#/server/cache.ts';
import { getDb, type Tx } from '#/server/db/client.ts';
import { ads } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import { storePublicImage } from '#/server/publicImages.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';

export type Ad = typeof ads.$inferSelect;

export interface AdInput {
  title: string;
  url: string;
  enabled: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}

export async function adsOfSlot(slot: string): Promise<Ad[]> {
  const db = await getDb();
  return db.select().from(ads).where(eq(ads.slot, slot)).orderBy(asc(ads.sort), asc(ads.id));
}

async function locked(tx: Tx, id: number): Promise<Ad> {
  const [ad] = await tx.select().from(ads).where(eq(ads.id, id)).for('update');
  if (!ad) throw notFound('广告不存在');
  return ad;
}

/** Adds the ad after the others of its position. */
export async function createAd(slot: string, input: AdInput, actor: StaffActor): Promise<Ad> {
  const db = await getDb();
  const ad = await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ sort: max(ads.sort) })
      .from(ads)
      .where(eq(ads.slot, slot));
    const [row] = await tx
      .insert(ads)
      .values({ slot, image: '', sort: (last?.sort ?? -1) + 1, ...input })
      .returning();
    await recordAudit(tx, actor, {
      action: 'content.ad_create',
      entity: 'ads',
      entityId: row!.id,
      after: row,
    });
    return row!;
  });
  invalidate({ content: true });
  return ad;
}

async function change(
  id: number,
  action: string,
  actor: StaffActor,
  apply: (tx: Tx, before: Ad) => Promise<Partial<Ad>>,
): Promise<Ad> {
  const db = await getDb();
  const ad = await db.transaction(async (tx) => {
    const before = await locked(tx, id);
    const set = await apply(tx, before);
    const [after] = await tx.update(ads).set(set).where(eq(ads.id, id)).returning();
    await recordAudit(tx, actor, { action, entity: 'ads', entityId: id, before, after });
    return after!;
  });
  invalidate({ content: true });
  return ad;
}

export const updateAd = (id: number, input: AdInput, actor: StaffActor) =>
  change(id, 'content.ad_update', actor, async () => input);

/** Scales the picture to its position's size and puts it on the ad (the old file stays cached). */
export async function setAdImage(id: number, bytes: Uint8Array, actor: StaffActor): Promise<Ad> {
  const db = await getDb();
  const [ad] = await db.select({ slot: ads.slot }).from(ads).where(eq(ads.id, id));
  if (!ad) throw notFound('广告不存在');
  const box = adSlotOf(ad.slot) ?? { width: 1200, height: 800 };
  const image = await storePublicImage('ads', bytes, box);
  return change(id, 'content.ad_image', actor, async () => ({ image }));
}

/** Swaps the ad with its neighbour above or below in its position; at either end nothing moves. */
export const moveAd = (id: number, to: 'up' | 'down', actor: StaffActor) =>
  change(id, 'content.ad_move', actor, async (tx, ad) => {
    const siblings = await tx
      .select({ id: ads.id, sort: ads.sort })
      .from(ads)
      .where(eq(ads.slot, ad.slot))
      .orderBy(asc(ads.sort), asc(ads.id))
      .for('update');
    const at = siblings.findIndex((s) => s.id === ad.id);
    const other = siblings[to === 'up' ? at - 1 : at + 1];
    if (!other) return { sort: ad.sort };
    // Renumber the position so that equal sorts (seeded rows) cannot keep the pair in place.
    const order = siblings.map((s) => s.id);
    order[at] = other.id;
    order[siblings.indexOf(other)] = ad.id;
    for (const [sort, sid] of order.entries())
      if (sid !== ad.id) await tx.update(ads).set({ sort }).where(eq(ads.id, sid));
    return { sort: order.indexOf(ad.id) };
  });

export async function removeAd(id: number, actor: StaffActor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await locked(tx, id);
    await tx.delete(ads).where(eq(ads.id, id));
    await recordAudit(tx, actor, {
      action: 'content.ad_remove',
      entity: 'ads',
      entityId: id,
      before,
    });
  });
  invalidate({ content: true });
}
