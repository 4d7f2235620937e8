// A goods as one buyer meets it on a list, a zone or the detail: the lot it would receive, its
// prices in fen and whether it may buy. Built from goods snapshots, eligibility decided here.
import { buyerBasePrice, ladderBelow } from '#/lib/rankPrice.ts';
import type { PriceKind } from '#/server/db/schema/index.ts';
import { purchaseBlock, type BuyerCompany } from '#/server/eligibility.ts';
import { hiddenPrice, type HiddenPrice } from '#/lib/priceVisibility.ts';
import { withPromotionTags } from '#/lib/tags.ts';
import {
  goodsSnapshots,
  type GoodsRow,
  type GoodsSnapshot,
  type LadderRow,
  type Lot,
} from '#/server/goodsSnapshots.ts';

/** A price variant (goods_prices): a fixed price for a time window, maybe of one lot. */
export interface Variant {
  id: number;
  kind: PriceKind;
  price: number;
  lotId: number | null;
  userLimit: number | null;
  endsAt: Date;
}

export interface GoodsCard {
  goods: GoodsRow;
  /** its own tags with the promotion tags it really has now */
  tags: string[];
  /** the lot the buyer receives: the variant's own lot, else the earliest expiry with stock */
  lot: Lot | null;
  /** units on offer: the variant lot's stock for a lot-bound variant, else the goods' stock */
  stock: number;
  /** ascending minimum quantity; none when a variant's fixed price applies (lib/pricing) */
  ladders: LadderRow[];
  variant: Variant | null;
  /** the reader's price before ladder and variant: its member rank's price, else the base price */
  basePrice: number;
  /** the unit price here: the variant's fixed price, else basePrice */
  unitPrice: number;
  /** null when the reader sees prices (approved members), else what to show instead */
  hiddenPrice: HiddenPrice | null;
  /** may be added to the cart now */
  buyable: boolean;
  /** why not, in the buyer's words */
  reason: string | null;
}

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  perPage: number;
}
export type GoodsPage = Paged<GoodsCard>;

export function cardOf(
  s: GoodsSnapshot,
  company: BuyerCompany | null,
  variant: Variant | null = null,
): GoodsCard {
  const g = s.row;
  const block = purchaseBlock(company, {
    drugClass: g.drugClass,
    isControlled: g.isControlled,
    isBuy: g.isBuy,
    controlled: s.rule,
    innerPack: g.innerPack,
    mustMultiple: g.mustMultiple,
    purchaseLimit: g.purchaseLimit,
    bzdw: g.bzdw,
  });
  const basePrice = buyerBasePrice(g, company?.rank);
  const lot = lotReceived(s.lots, variant?.lotId || null);
  return {
    goods: g,
    tags: s.tags,
    lot,
    stock: variant?.lotId && lot ? lot.stock : g.stock,
    ladders: variant ? [] : ladderBelow(s.ladders, basePrice),
    variant,
    basePrice,
    unitPrice: variant ? variant.price : basePrice,
    hiddenPrice: hiddenPrice(company),
    buyable: block === null && g.stock > 0,
    reason: block?.reason ?? (g.stock > 0 ? null : '暂时缺货'),
  };
}

/**
 * The lot a line receives: a lot-bound variant's own lot while it has stock, else the earliest
 * expiry with stock (lots are held in expiry order). Found without a filtered copy of the lots: a
 * list page asks this of 20 goods per request.
 */
function lotReceived(lots: readonly Lot[], variantLotId: number | null): Lot | null {
  let first: Lot | null = null;
  for (const l of lots) {
    if (l.stock <= 0) continue;
    if (variantLotId === null || l.id === variantLotId) return l;
    first ??= l;
  }
  return first;
}

/** Cards for goods rows in the given order, with their ladders, lots and eligibility. */
export async function cardsFor(
  rows: GoodsRow[],
  company: BuyerCompany | null,
  variants?: Map<number, Variant>,
): Promise<GoodsCard[]> {
  const snaps = await goodsSnapshots(rows.map((r) => r.id));
  // The row just read is at least as fresh as the snapshot's.
  return rows.map((g) =>
    cardOf(
      {
        promotions: { variants: [], fullReductions: [], gifts: [], combinations: [] },
        ladders: [],
        lots: [],
        rule: null,
        tags: withPromotionTags(g.tags, []),
        documents: '',
        ...snaps.get(g.id),
        row: g,
      },
      company,
      variants?.get(g.id) ?? null,
    ),
  );
}

/**
 * Cards for goods ids, keeping the order of `ids` and dropping unknown ones; a goods with an entry
 * in `variants` is shown and sold at that variant's price.
 */
export async function cardsByIds(
  ids: readonly number[],
  company: BuyerCompany | null,
  variants?: ReadonlyMap<number, Variant>,
): Promise<GoodsCard[]> {
  if (!ids.length) return [];
  const snaps = await goodsSnapshots(ids);
  return ids.flatMap((id) => {
    const s = snaps.get(id);
    return s ? [cardOf(s, company, variants?.get(id) ?? null)] : [];
  });
}
