// Where the cart reads goods and the promotions that price them.
//
// The cart's screens (its list, adding, editing a quantity, the next-tier hints) read the catalogue
// read model (goodsSnapshots.ts), like the list and detail pages: the same price and stock the
// buyer saw a moment ago, a poll old at most and this process's own writes at once, without a
// query — the cart list of a pharmacy's 40 lines read 40 whole goods rows and four promotion
// tables on every view. Placing an order reads the database inside its transaction, goods locked,
// so nothing is sold on a stale price or stock (and the seen price tells the buyer what changed).
import { asc, inArray, sql } from 'drizzle-orm';
import { goods } from '#/server/db/schema/index.ts';
import { loadControlledRules } from '#/server/eligibility.ts';
import { goodsSnapshots, heldTags, type GoodsSnapshot } from '#/server/goodsSnapshots.ts';
import { withPromotionTags } from '#/lib/tags.ts';
import { loadManjian, manjianMembership } from '#/server/promotions/fullReduction.ts';
import { loadGiftRules, type GiftRuleRow } from '#/server/promotions/gifts.ts';
import { promotionTags } from '#/server/promotions/tags.ts';
import {
  type DiscountedLot,
  discountedLotRows,
  discountedStock,
} from '#/server/promotions/variants.ts';
import type { CartGoodsRow, Q } from './load.ts';
import type { NamedActivity } from './model.ts';

type LadderStep = CartGoodsRow['ladder'][number];

export interface CartCatalogue {
  goods(ids: readonly number[]): Promise<Map<number, CartGoodsRow>>;
  /** the 满减 activities each goods takes part in now, ascending id */
  fullReductionIds(ids: readonly number[]): Promise<Map<number, number[]>>;
  /** each goods' running gift rule (the first, should there be several) */
  gifts(ids: readonly number[]): Promise<Map<number, GiftRuleRow>>;
  /** units on the lots the near-expiry zone discounts now (orders/lotChoice.ts) */
  discountedStock(ids: readonly number[]): Promise<Map<number, number>>;
  /** these 满减 activities with their tiers, ascending id (of goods in `goodsIds`) */
  activities(ids: readonly number[], goodsIds: readonly number[]): Promise<NamedActivity[]>;
}

export interface OrderCatalogue extends CartCatalogue {
  /** the lots the near-expiry zone discounts now: the same read that priced the lines */
  discountedLots(ids: readonly number[]): Promise<Set<number>>;
}

/** The database, read through `q` (an order's transaction), goods locked when `lock`. */
export function databaseCatalogue(q: Q, lock = false): OrderCatalogue {
  // Which lots are discounted is read once per goods: the lines' prices and the lots their
  // reservation may take then follow the same offers.
  const discounted = new Map<number, DiscountedLot[]>();
  const discountedOf = async (ids: readonly number[]) => {
    const wanted = [...new Set(ids)];
    const missing = wanted.filter((id) => !discounted.has(id));
    if (missing.length) {
      for (const id of missing) discounted.set(id, []);
      for (const r of await discountedLotRows(q, missing)) discounted.get(r.goodsId)!.push(r);
    }
    return wanted.flatMap((id) => discounted.get(id)!);
  };
  return {
    goods: (ids) => databaseGoods(q, ids, lock),
    fullReductionIds: (ids) => manjianMembership(q, ids),
    gifts: (ids) => loadGiftRules(q, ids),
    discountedStock: async (ids) => discountedStock(await discountedOf(ids)),
    discountedLots: async (ids) => new Set((await discountedOf(ids)).map((r) => r.lotId)),
    activities: (ids) => loadManjian(q, ids),
  };
}

async function databaseGoods(
  q: Q,
  ids: readonly number[],
  lock: boolean,
): Promise<Map<number, CartGoodsRow>> {
  if (ids.length === 0) return new Map();
  // The ladder comes with the row (one statement per order instead of two).
  const base = q
    .select({
      row: goods,
      // Spelled out: drizzle leaves a lone table's columns unqualified, and "id" would be the
      // ladder's own.
      ladder: sql<LadderStep[] | string>`(SELECT coalesce(json_agg(json_build_object(
        'number', lp.min_number, 'price', lp.price, 'id', lp.id)), '[]')
        FROM ladder_prices lp WHERE lp.goods_id = "goods"."id")`,
    })
    .from(goods)
    .where(inArray(goods.id, [...ids]))
    .orderBy(asc(goods.id));
  const found = lock ? await base.for('update', { of: goods }) : await base;
  const rows = found.map((f) => f.row);
  const controlled = await loadControlledRules(
    q,
    rows.filter((r) => r.isControlled).map((r) => r.id),
  );
  // Tags are labels on the lines: the read model's (a poll old at most) spare a query that tests
  // every promotion table per goods; goods it does not hold are read here.
  const held = heldTags(ids);
  const unheld = ids.filter((id) => !held.has(id));
  const promotions = unheld.length ? await promotionTags(q, unheld) : new Map<number, string[]>();
  const out = new Map<number, CartGoodsRow>();
  for (const { row: r, ladder } of found)
    out.set(r.id, {
      ...r,
      tags: [...(held.get(r.id) ?? withPromotionTags(r.tags, promotions.get(r.id) ?? []))],
      // PGlite may hand json back as text, node-postgres parses it.
      ladder: typeof ladder === 'string' ? (JSON.parse(ladder) as LadderStep[]) : ladder,
      controlled: controlled.get(r.id) ?? null,
    });
  return out;
}

// Windows as the database loaders write them: 满减 and price variants run from start to end
// inclusive; gift rules are open-ended (no end = until ended) and end exclusively.
const running = (w: { startsAt: Date; endsAt: Date }, now: number) =>
  w.startsAt.getTime() <= now && w.endsAt.getTime() >= now;
const open = (w: { startsAt: Date; endsAt: Date | null }, now: number) =>
  w.startsAt.getTime() <= now && (w.endsAt === null || w.endsAt.getTime() > now);

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

function perGoods<T>(
  snapshots: Map<number, GoodsSnapshot>,
  pick: (s: GoodsSnapshot, now: number) => T | undefined,
): Map<number, T> {
  const now = Date.now();
  const out = new Map<number, T>();
  for (const [id, s] of snapshots) {
    const v = pick(s, now);
    if (v !== undefined) out.set(id, v);
  }
  return out;
}

/**
 * The catalogue read model, for one request: each goods is looked up once, so the lines, their
 * promotions and stock all come from the same snapshot (a poll landing between two reads would
 * otherwise mix versions), and a goods this process just wrote is read from the database once, not
 * once per read. Not inside a transaction: a goods the model does not hold is read on a connection
 * of its own, which on the embedded database would wait for that transaction.
 */
export function readModelCatalogue(): CartCatalogue {
  const seen = new Map<number, GoodsSnapshot | null>();
  const snapshots = async (ids: readonly number[]) => {
    const missing = ids.filter((id) => !seen.has(id));
    if (missing.length) {
      const found = await goodsSnapshots(missing);
      for (const id of missing) seen.set(id, found.get(id) ?? null);
    }
    const out = new Map<number, GoodsSnapshot>();
    for (const id of ids) {
      const s = seen.get(id);
      if (s) out.set(id, s);
    }
    return out;
  };
  return {
    async goods(ids) {
      return perGoods(await snapshots(ids), (s) => ({
        ...s.row,
        tags: [...s.tags],
        ladder: s.ladders.map((l) => ({ number: l.minNumber, price: l.price, id: l.id })),
        controlled: s.row.isControlled ? s.rule : null,
      }));
    },
    async fullReductionIds(ids) {
      return perGoods(await snapshots(ids), (s, now) => {
        const ids = s.promotions.fullReductions
          .filter((a) => running(a, now))
          .sort(byId)
          .map((a) => a.id);
        return ids.length ? ids : undefined;
      });
    },
    async gifts(ids) {
      return perGoods(await snapshots(ids), (s, now) => {
        const rule = s.promotions.gifts.filter((g) => open(g, now)).sort(byId)[0];
        return (
          rule && {
            buyNumber: rule.buyNumber,
            giftNumber: rule.giftNumber,
            maxTotal: rule.maxTotal,
            name: rule.giftName,
          }
        );
      });
    },
    async discountedStock(ids) {
      return perGoods(await snapshots(ids), (s, now) => {
        const lotIds = new Set(
          s.promotions.variants
            .filter((v) => v.kind === 'near_expiry' && v.lotId !== null && running(v, now))
            .map((v) => v.lotId),
        );
        if (lotIds.size === 0) return undefined;
        let units = 0;
        for (const lot of s.lots) if (lotIds.has(lot.id)) units += Math.max(0, lot.stock);
        return units;
      });
    },
    async activities(ids, goodsIds) {
      const wanted = new Set(ids);
      const found = new Map<number, NamedActivity & { id: number }>();
      for (const s of (await snapshots([...new Set(goodsIds)])).values())
        for (const a of s.promotions.fullReductions)
          if (wanted.has(a.id) && !found.has(a.id))
            found.set(a.id, {
              id: a.id,
              name: a.name,
              tiers: a.tiers.map((t) => ({ amountFen: t.amount, reduceFen: t.reduce })),
            });
      return [...found.values()].sort(byId);
    },
  };
}
