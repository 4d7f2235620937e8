// The cart line as the API sends it (SPEC 3 "Cart line", money as "12.30") and, for the browser
// islands that only have this wire line, its conversion into the price engine's line. The server
// prices its own fen lines (server/cart/price.ts); tests/unit/cartPricing.test.ts holds the two
// conversions to the same charge.
import { CART_LINE_TYPES } from './constants.ts';
import { yuanToFen } from './money.ts';
import type { FullReductionActivity } from './pricing/fullReduction.ts';
import type { CartLine, GiftData, PricingGoods } from './pricing/types.ts';

export type ApiCartGoods = {
  id: number;
  name: string;
  sccj: string;
  ypgg: string;
  goods_image: string[];
  ck_id: string;
  bzdw: string;
  /** stock */
  number: number;
  is_buy: boolean;
  base_price: string;
  ladder_price: { number: number; price: string }[];
  tags: string[];
  inner_pack: number;
  must_multiple: boolean;
  purchase_limit: number;
  is_free_shipping: boolean;
  free_shipping_number: number;
  is_ephedrine: boolean;
};

export type ApiCartLine = {
  id: number;
  goods: ApiCartGoods;
  /** charged unit price for this quantity */
  price: string;
  amount: string;
  number: number;
  is_selected: 0 | 1;
  type: number;
  goods_price_id: number | null;
  ladder_price_id: number | null;
  goods_manjian_id: number | null;
  is_yj: 0 | 1;
  /** fixed variant price (flash/special) when the line has one; the pack price of a combination */
  variant_price: string | null;
  /** units this company may still buy at variant_price (flash sale per-user limit); null = no limit */
  variant_limit?: number | null;
  /** the welfare rate (全场94折) applies: set by the server only for goods in the welfare zone */
  is_welfare?: 0 | 1;
  /** type 3: the pack (goods then describes the pack: id = combination id, number = packs in stock) */
  combination?: {
    id: number;
    name: string;
    items: { goods: ApiCartGoods; number: number }[];
  } | null;
  /** 满赠: gifts this line earns at its quantity */
  gift_data?: (GiftData & { name: string }) | null;
  /** informational (not blocking): e.g. the promotion ended and the line is priced normally */
  notice?: string;
  /** why the line cannot be bought now (deselected) */
  reason?: string;
  /** the price changed since the buyer added the line */
  price_changed?: boolean;
  /** checkout only: expiry months of the lots the order would reserve, "2027-05 ~ 2027-09" */
  expiry_range?: string | null;
};

const fen = (s: string | null | undefined): number => (s == null ? 0 : (yuanToFen(s) ?? 0));

export function pricingGoodsFromApi(g: ApiCartGoods): PricingGoods {
  return {
    id: g.id,
    basePriceFen: fen(g.base_price),
    ladder: g.ladder_price.map((t) => ({ number: t.number, priceFen: fen(t.price) })),
    stock: g.number,
    isBuy: g.is_buy,
    packMultiple: g.inner_pack,
    mustMultiple: g.must_multiple,
    limit: g.purchase_limit || null,
    isFreeShipping: g.is_free_shipping,
    freeShippingNumber: g.free_shipping_number,
    tags: g.tags,
  };
}

/** API line → price-engine line (quantity optionally overridden for instant feedback). */
export function pricingLineFromApi(l: ApiCartLine, quantity = l.number): CartLine {
  const goods = pricingGoodsFromApi(l.goods);
  const common = {
    id: l.id,
    selected: l.is_selected === 1,
    quantity,
    manjianId: l.goods_manjian_id,
    welfare: l.is_welfare === 1,
    gift: l.gift_data ? { total: l.gift_data.total, type: l.gift_data.type } : null,
  };
  if (l.type === CART_LINE_TYPES.combination && l.combination) {
    const items = l.combination.items.map((i) => ({
      goods: pricingGoodsFromApi(i.goods),
      number: i.number,
    }));
    return {
      ...common,
      type: 'combination',
      combination: { id: l.combination.id, packPriceFen: fen(l.variant_price ?? l.price), items },
    };
  }
  // A variant with a per-user limit (flash sale, daily special): units beyond it cost the ladder price.
  if (l.variant_price != null && (l.type === CART_LINE_TYPES.flash || l.variant_limit != null)) {
    return {
      ...common,
      type: 'flash',
      goods,
      priceFen: fen(l.variant_price),
      userLimit: l.variant_limit ?? null,
    };
  }
  return {
    ...common,
    type: 'normal',
    goods,
    priceFen: l.variant_price != null ? fen(l.variant_price) : null,
  };
}

export type ApiActivity = {
  id: number | string;
  name?: string;
  scope: 'lines' | 'all';
  tiers: { amount: string; reduce: string }[];
};

/** activity_data.activities → the engine's full-reduction activities. */
export function activitiesFromApi(
  list: readonly ApiActivity[] | undefined,
): FullReductionActivity[] {
  return (list ?? []).map((a) => ({
    id: a.id,
    scope: a.scope,
    tiers: a.tiers.map((t) => ({ amountFen: fen(t.amount), reduceFen: fen(t.reduce) })),
  }));
}

/**
 * Where a cart line leads back to: a pack to its place on 组合购, a promotion line to the goods at
 * that promotion's price, any other line to the goods.
 */
export function cartLineHref(l: {
  type?: number | undefined;
  goods: { id: number };
  goods_price_id?: number | null | undefined;
}): string {
  if (l.type === CART_LINE_TYPES.combination) return `/zhzq#combo-${l.goods.id}`;
  if (l.goods_price_id) return `/list/info/${l.goods.id}?goods_price_id=${l.goods_price_id}`;
  return `/list/info/${l.goods.id}`;
}
