// What the detail page's buy box shows for the quantity typed: the unit price and subtotal, the
// ladder, free-shipping and 满减 hints, and the units over a variant's per-store limit. One pure
// function of the page's props and the typed text, read by the server's markup
// (components/buyBoxHtml.ts) and by the script that redraws it as the buyer types
// (client/buyBox.ts), so the first paint and every later one agree.
import type { CartParam } from '#/client/catalog.ts';
import { formatPrice, mulFen } from './money.ts';
import { freeShippingHint, type FreeShippingHint } from './pricing/freeShipping.ts';
import { type FullReductionResult, fullReductionTiers } from './pricing/fullReduction.ts';
import { ladderHint, ladderUnitPrice } from './pricing/ladder.ts';
import {
  buyingRules,
  checkQuantity,
  type QuantityCheck,
  type QuantityRules,
} from './pricing/quantity.ts';
import type { LadderTier } from './pricing/types.ts';

export interface BuyBoxProps {
  goodsId: number;
  bzdw: string;
  /** null for readers who may not see prices: no prices, no buying */
  basePriceFen: number | null;
  /** a price variant's fixed unit price (goods_price_id); the ladder does not apply */
  variantPriceFen: number | null;
  ladder: (LadderTier & { id: number })[];
  stock: number;
  pack: number;
  mustMultiple: boolean;
  /** per-order limit (0 = none) */
  limit: number;
  /** units per store at the variant price; more are charged the normal price */
  variantLimit: number | null;
  startNumber: number;
  isFreeShipping: boolean;
  freeShippingNumber: number;
  manjian: { name: string; tiers: { amountFen: number; reduceFen: number }[] } | null;
  line: Omit<CartParam, 'number' | 'price' | 'ladder_price_id'>;
  canBuy: boolean;
  reason: string | null;
  isFavorite: boolean;
  loggedIn: boolean;
}

export type LadderHintState = 'none' | 'reached' | 'next' | 'not_reached';

export interface BuyBoxView {
  rules: QuantityRules;
  check: QuantityCheck;
  /** the unit price at this quantity, null when prices are hidden */
  unitFen: number | null;
  subtotalFen: number;
  hint: { state: LadderHintState; text: string };
  shipping: FreeShippingHint;
  fullReduction: FullReductionResult | null;
  /** units charged the normal price beyond the variant's per-store limit */
  overVariant: number;
}

export const buyBoxRules = (p: BuyBoxProps): QuantityRules =>
  buyingRules({
    stock: p.stock,
    pack: p.pack,
    mustMultiple: p.mustMultiple,
    limit: p.limit,
    unit: p.bzdw,
  });

/** The unit price a line of `quantity` is added at: the variant's, else the ladder's. */
export function unitPriceAt(p: BuyBoxProps, quantity: number): number | null {
  if (p.basePriceFen === null) return null;
  return (
    p.variantPriceFen ??
    ladderUnitPrice({ basePriceFen: p.basePriceFen, ladder: p.ladder }, quantity)
  );
}

/** The ladder tier a line of `quantity` is added at (none at a variant's price). */
export const ladderTierAt = (p: BuyBoxProps, quantity: number) =>
  p.variantPriceFen === null ? p.ladder.findLast((t) => t.number <= quantity) : undefined;

function ladderHintOf(p: BuyBoxProps, qty: number): BuyBoxView['hint'] {
  const hint = ladderHint({ ladder: p.variantPriceFen === null ? p.ladder : [] }, qty);
  const u = p.bzdw;
  if (hint.state === 'reached')
    return {
      state: 'reached',
      text: `已达到最高阶梯：满${hint.reachedNumber}${u}，单价 ${formatPrice(hint.reachedPriceFen)}`,
    };
  if (hint.state === 'next')
    return {
      state: 'next',
      text: `已享满${hint.reachedNumber}${u}价 ${formatPrice(hint.reachedPriceFen)}，再买${hint.shortBy}${u}享下一档 ${formatPrice(hint.nextPriceFen)}`,
    };
  if (hint.nextNumber !== undefined)
    return {
      state: 'not_reached',
      text: `未达到阶梯价：满${hint.nextNumber}${u}享 ${formatPrice(hint.nextPriceFen!)}，还差${hint.shortBy}${u}`,
    };
  return { state: 'none', text: '' };
}

export function buyBoxView(p: BuyBoxProps, qtyText: string): BuyBoxView {
  const rules = buyBoxRules(p);
  const check = checkQuantity(qtyText, rules);
  // Prices and hints follow the quantity shown; none while it is refused.
  const qty = check.ok ? check.value : 0;
  const overVariant =
    p.variantPriceFen !== null && p.variantLimit !== null ? Math.max(0, qty - p.variantLimit) : 0;
  // Units over a variant's limit are charged the ladder's price, as without the variant.
  const ladderFen =
    p.basePriceFen === null
      ? null
      : ladderUnitPrice({ basePriceFen: p.basePriceFen, ladder: p.ladder }, qty);
  const unitFen = ladderFen === null ? null : (p.variantPriceFen ?? ladderFen);
  const subtotalFen =
    unitFen === null || ladderFen === null
      ? 0
      : mulFen(unitFen, qty - overVariant) + mulFen(ladderFen, overVariant);
  return {
    rules,
    check,
    unitFen,
    subtotalFen,
    hint: ladderHintOf(p, qty),
    shipping: freeShippingHint(
      { isFreeShipping: p.isFreeShipping, freeShippingNumber: p.freeShippingNumber },
      qty,
    ),
    fullReduction: p.manjian ? fullReductionTiers(p.manjian.tiers, subtotalFen) : null,
    overVariant,
  };
}
