// The price engine's view of goods and cart lines. The engine (this folder) is THE one the cart
// page in the browser and the server that charges both call: pure and isomorphic, all money in
// integer fen, every step that can make a fraction floors. lib/cartLine.ts turns API lines into
// these shapes; totals.ts says in which order a cart total is made.

/** 阶梯价: from `number` units on, each unit costs `priceFen`. */
export type LadderTier = { number: number; priceFen: number };

export type PricingGoods = {
  id?: number | string;
  /** base price per unit, fen */
  basePriceFen: number;
  ladder?: readonly LadderTier[];
  /** stock units available */
  stock: number;
  /** is_buy: false when the buyer may not buy it (scope, controlled sales, off shelf…) */
  isBuy: boolean;
  /** inner pack (中包装) size */
  packMultiple?: number;
  /** quantities must be multiples of packMultiple (snap up) */
  mustMultiple?: boolean;
  /** per-order maximum (e.g. 含麻黄碱); 0, null or absent = none */
  limit?: number | null;
  isFreeShipping?: boolean;
  /** free shipping for the order when this line's quantity ≥ this */
  freeShippingNumber?: number;
  /** is_b: group B goods do not count toward the shop's free-shipping threshold */
  isGroupB?: boolean;
  tags?: readonly string[];
};

/** gift_data of a cart line: gifts earned by it. */
export type GiftData = { total: number; type: number | string };

type LineCommon = {
  id?: number | string;
  /** is_selected */
  selected: boolean;
  /** units; packs for a combination */
  quantity: number;
  /** goods_manjian_id: the full-reduction activity this line takes part in */
  manjianId?: number | string | null;
  /** with_coupon: false when a coupon cannot be used on this line; default true */
  withCoupon?: boolean;
  /** added from the /welfare zone: the welfare rate applies */
  welfare?: boolean;
  gift?: GiftData | null;
};

export type PriceVariant = 'daily_special' | 'near_expiry' | 'yj';

export type NormalLine = LineCommon & {
  type: 'normal';
  goods: PricingGoods;
  /** fixed price of a price variant (goods_price_id); when set the ladder does not apply */
  priceFen?: number | null;
  goodsPriceId?: number | string | null;
  variant?: PriceVariant | null;
};

/** type 1: flash sale. Units beyond the per-user limit are charged at the normal (ladder) price. */
export type FlashLine = LineCommon & {
  type: 'flash';
  goods: PricingGoods;
  priceFen: number;
  /** how many more this buyer may buy at the flash price; null/absent = no limit */
  userLimit?: number | null;
};

export type CombinationItem = { goods: PricingGoods /** units per pack */; number: number };
export type Combination = {
  id?: number | string;
  packPriceFen: number;
  items: readonly CombinationItem[];
};

/** type 3: a pack of several goods at a pack price; quantity = packs. */
export type CombinationLine = LineCommon & { type: 'combination'; combination: Combination };

export type CartLine = NormalLine | FlashLine | CombinationLine;
export type CartLineType = CartLine['type'];
