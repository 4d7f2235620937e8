// The catalogue in the SPEC's wire format (API JSON and the pages' cards): snake_case and pinyin
// field names, prices as yuan strings, hidden from whoever may not see them (lib/priceVisibility).
import type { Line, PriceKind } from '#/server/db/schema/index.ts';
import { shopIso } from '#/lib/shopClock.ts';
import { fenToYuan } from '#/lib/money.ts';
import { drugClassLabel } from '#/lib/drugClass.ts';
import type { GoodsCard, Paged } from './cards.ts';
import type { GoodsDetail } from './detail.ts';

export interface LadderOut {
  id: number;
  number: number;
  price: string | null;
}

export interface GoodsCardOut {
  id: number;
  code: string;
  name: string;
  trade_name: string;
  sccj: string;
  ypgg: string;
  approval_no: string;
  drug_class: string;
  drug_class_label: string;
  bzdw: string;
  zbz: number;
  jzl: number;
  must_multiple: boolean;
  number: number;
  sales: number;
  line: Line;
  category_id: number;
  manufacturer_id: number;
  brand_id: number | null;
  goods_image: string[];
  tags: string[];
  is_free_shipping: boolean;
  free_shipping_number: number;
  is_ephedrine: boolean;
  purchase_limit: number;
  is_controlled: boolean;
  /** the lot the buyer receives: earliest expiry with stock */
  ck_id: number | null;
  batch_no: string | null;
  expires_on: string | null;
  /** null for visitors and unapproved members; price_text says why, price_url where to act */
  base_price: string | null;
  /** the unit price in this context (a variant's fixed price, else the base price) */
  price: string | null;
  price_text: string | null;
  price_url: string | null;
  ladder_price: LadderOut[];
  goods_price_id: number | null;
  price_kind: PriceKind | null;
  is_yj: number;
  is_jxq: number;
  is_buy: boolean;
  reason: string | null;
}

export interface GoodsDetailOut extends GoodsCardOut {
  category: { id: number; name: string; parent: string | null };
  /** expiry months of the lots a line bought at this price receives: "2027-05 ~ 2027-09" */
  expiry_range: string | null;
  brand: string | null;
  description: string;
  lots: {
    id: number;
    batch_no: string;
    produced_on: string;
    expires_on: string;
    stock: number;
    near_expiry: boolean;
  }[];
  manjian: { id: number; name: string; tiers: { amount: string; reduce: string }[] } | null;
  gifts: { name: string; buy_number: number; gift_number: number; max_total: number | null }[];
  combinations: {
    id: number;
    name: string;
    pack_price: string | null;
    items: { goods_id: number; name: string; number: number }[];
  }[];
  /** the ladder tier the link pointed at: the quantity starts there */
  start_number: number;
  /** variant window end (flash sale / daily special countdown) */
  ends_at: string | null;
  user_limit: number | null;
  /** every price variant running now, each with the link that shows and sells it */
  offers: {
    goods_price_id: number;
    price_kind: PriceKind;
    label: string;
    price: string | null;
    user_limit: number | null;
    ends_at: string;
    batch_no: string | null;
    expires_on: string | null;
    href: string;
  }[];
}

export const PRICE_KIND_LABELS: Readonly<Record<PriceKind, string>> = {
  flash: '秒杀价',
  daily_special: '每日特价',
  near_expiry: '近效期特价',
  yj: '一价到底',
};

/** The detail link that shows and sells a goods at one of its price variants. */
export function variantHref(goodsId: number, v: { id: number; kind: PriceKind }): string {
  const extra = v.kind === 'near_expiry' ? '&is_jxq=1' : v.kind === 'yj' ? '&is_yj=1' : '';
  return `/list/info/${goodsId}?goods_price_id=${v.id}${extra}`;
}

/** A price on a card: yuan for approved members, null for readers who may not see prices. */
export function shownPrice(card: Pick<GoodsCard, 'hiddenPrice'>, fen: number): string | null {
  return card.hiddenPrice ? null : fenToYuan(fen);
}

export function presentCard(card: GoodsCard): GoodsCardOut {
  const { goods: g, lot, variant } = card;
  return {
    id: g.id,
    code: g.code,
    name: g.name,
    trade_name: g.tradeName,
    sccj: g.sccj,
    ypgg: g.spec,
    approval_no: g.approvalNo,
    drug_class: g.drugClass,
    drug_class_label: drugClassLabel(g.drugClass),
    bzdw: g.bzdw,
    zbz: g.innerPack,
    jzl: g.caseQty,
    must_multiple: g.mustMultiple,
    number: card.stock,
    sales: g.sales,
    line: g.line,
    category_id: g.categoryId,
    manufacturer_id: g.manufacturerId,
    brand_id: g.brandId,
    goods_image: g.images,
    tags: card.tags,
    is_free_shipping: g.isFreeShipping,
    free_shipping_number: g.freeShippingNumber,
    is_ephedrine: g.isEphedrine,
    purchase_limit: g.purchaseLimit,
    is_controlled: g.isControlled,
    ck_id: lot?.id ?? null,
    batch_no: lot?.batchNo ?? null,
    expires_on: lot?.expiresOn ?? null,
    base_price: shownPrice(card, card.basePrice),
    price: shownPrice(card, card.unitPrice),
    price_text: card.hiddenPrice?.text ?? null,
    price_url: card.hiddenPrice?.href ?? null,
    ladder_price: card.ladders.map((l) => ({
      id: l.id,
      number: l.minNumber,
      price: shownPrice(card, l.price),
    })),
    goods_price_id: variant?.id ?? null,
    price_kind: variant?.kind ?? null,
    is_yj: variant?.kind === 'yj' ? 1 : 0,
    is_jxq: variant?.kind === 'near_expiry' ? 1 : 0,
    is_buy: card.buyable,
    reason: card.reason,
  };
}

export function presentPage(page: Paged<GoodsCard>): Paged<GoodsCardOut> {
  return { ...page, rows: page.rows.map(presentCard) };
}

export function presentDetail(d: GoodsDetail): GoodsDetailOut {
  const { card } = d;
  const mj = d.fullReduction;
  return {
    ...presentCard(card),
    category: d.category,
    expiry_range: d.expiryRange,
    brand: d.brand,
    description: card.goods.description,
    lots: d.lots.map((l) => ({
      id: l.id,
      batch_no: l.batchNo,
      produced_on: l.producedOn,
      expires_on: l.expiresOn,
      stock: l.stock,
      near_expiry: l.nearExpiry,
    })),
    manjian: mj
      ? {
          id: mj.id,
          name: mj.name,
          tiers: mj.tiers.map((t) => ({
            amount: fenToYuan(t.amount),
            reduce: fenToYuan(t.reduce),
          })),
        }
      : null,
    gifts: d.gifts.map((r) => ({
      name: r.giftName,
      buy_number: r.buyNumber,
      gift_number: r.giftNumber,
      max_total: r.maxTotal,
    })),
    combinations: d.combinations.map((c) => ({
      id: c.id,
      name: c.name,
      pack_price: shownPrice(card, c.packPrice),
      items: c.items.map((i) => ({ goods_id: i.goodsId, name: i.name, number: i.number })),
    })),
    start_number: d.startNumber,
    ends_at: card.variant ? shopIso(card.variant.endsAt) : null,
    user_limit: card.variant?.userLimit ?? null,
    offers: d.offers.map((v) => {
      const lot = v.lotId === null ? undefined : d.lots.find((l) => l.id === v.lotId);
      return {
        goods_price_id: v.id,
        price_kind: v.kind,
        label: PRICE_KIND_LABELS[v.kind],
        price: shownPrice(card, v.price),
        user_limit: v.userLimit,
        ends_at: shopIso(v.endsAt),
        batch_no: lot?.batchNo ?? null,
        expires_on: lot?.expiresOn ?? null,
        href: variantHref(card.goods.id, v),
      };
    }),
  };
}
