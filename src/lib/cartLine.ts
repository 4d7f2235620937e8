// The cart line as the API sends it (SPEC 3 "Cart line", money as "12.30") and its one
// conversion into the price engine's line. The server prices its own API lines through this
// same function, so the cart page's instant totals and the server's charge cannot drift apart.
import { yuanToFen } from './money.ts';
import type { CartLine, FullReductionActivity, PricingGoods } from './pricing.ts';

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
  /** fixed variant price (flash/special) when the line has one */
  variant_price: string | null;
  /** why the line cannot be bought now (deselected) */
  reason?: string;
  /** the price changed since the buyer added the line */
  price_changed?: boolean;
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
  };
  if (l.type === 1 && l.variant_price != null) {
    return { ...common, type: 'flash', goods, priceFen: fen(l.variant_price) };
  }
  return { ...common, type: 'normal', goods, priceFen: l.variant_price != null ? fen(l.variant_price) : null };
}

export type ApiActivity = { id: number | string; scope: 'lines' | 'all'; tiers: { amount: string; reduce: string }[] };

/** activity_data.activities → the engine's full-reduction activities. */
export function activitiesFromApi(list: readonly ApiActivity[] | undefined): FullReductionActivity[] {
  return (list ?? []).map((a) => ({ id: a.id, scope: a.scope, tiers: a.tiers.map((t) => ({ amountFen: fen(t.amount), reduceFen: fen(t.reduce) })) }));
}
