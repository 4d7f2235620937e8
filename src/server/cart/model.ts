// The cart inside the server: English names, money in integer fen. The price engine
// (lib/pricing.ts) reads these lines as they are; only cart/present.ts makes the API's wire line.
import type { FullReductionActivity } from '#/lib/pricing/fullReduction.ts';
import type { GiftData, LadderTier } from '#/lib/pricing/types.ts';

/** A goods as a cart line sells it; also the price engine's goods (PricingGoods). */
export type CartGoods = {
  id: number;
  name: string;
  manufacturer: string;
  spec: string;
  images: string[];
  /** packing unit (bzdw) */
  unit: string;
  /** units on hand: the goods', or a near-expiry variant's lot, or packs for a combination */
  stock: number;
  /** false when this buyer may not buy it (scope, controlled sales, off shelf…) */
  isBuy: boolean;
  basePriceFen: number;
  /** ascending by number; empty when a price variant replaces it */
  ladder: LadderTier[];
  /** inner pack (中包装) */
  packMultiple: number;
  mustMultiple: boolean;
  /** per-order maximum; null = none */
  limit: number | null;
  isFreeShipping: boolean;
  freeShippingNumber: number;
  tags: string[];
  isEphedrine: boolean;
};

export type CartCombination = {
  id: number;
  name: string;
  packPriceFen: number;
  items: { goods: CartGoods; number: number }[];
};

/** A cart line with its state for the page (SPEC 3 "Cart state"), before it is priced. */
export type UnpricedCartItem = {
  id: number;
  /** CART_LINE_TYPES */
  type: number;
  /** a combination line's goods describes the pack (id = combination id, stock = packs) */
  goods: CartGoods;
  quantity: number;
  selected: boolean;
  goodsPriceId: number | null;
  ladderPriceId: number | null;
  manjianId: number | null;
  isYj: boolean;
  /** the price variant's fixed price; a combination's pack price */
  variantPriceFen: number | null;
  /** units this company may still buy at the variant price; null = no limit */
  variantLimit: number | null;
  /** the welfare rate (全场94折) applies */
  welfare: boolean;
  /** 满赠: the gifts the line earns at its quantity */
  gift: (GiftData & { name: string }) | null;
  combination: CartCombination | null;
  /** why the line cannot be bought now (it is then deselected) */
  reason: string | null;
  /** not blocking: e.g. the promotion ended and the line is priced normally */
  notice: string | null;
  /** units on lots the near-expiry zone discounts, which this line cannot have (not in stock) */
  nearExpiryHeld: number;
};

export type CartItem = UnpricedCartItem & {
  /** the charged unit price and amount for the quantity that counts */
  unitPriceFen: number;
  amountFen: number;
  /** the unit price changed since the buyer added the line */
  priceChanged: boolean;
};

/** A 满减 activity a line takes part in, as the engine prices it, with its name. */
export type NamedActivity = FullReductionActivity & { name: string };

/** One line to add. A combination line names the combination in goodsId. */
export type AddRequest = {
  goodsId: number;
  quantity: number;
  /** CART_LINE_TYPES; anything else is a normal line */
  type?: number | undefined;
  goodsPriceId?: number | undefined;
  ladderPriceId?: number | undefined;
  manjianId?: number | undefined;
  /** added from /welfare; the server decides whether the welfare rate applies */
  welfare?: boolean | undefined;
  /** ck_id */
  warehouseId?: string | undefined;
};

/** What one added line became: the quantity after snapping, and why it changed. */
export type Added = { goodsId: number; quantity: number; reason?: string };
