// The server prices its fen cart lines (server/cart/price.ts); the browser islands price the wire
// lines the server sent (lib/cartLine.ts). Both must charge the same for every kind of line.
import { describe, expect, it } from 'vitest';
import { CART_LINE_TYPES } from '#/lib/constants.ts';
import { pricingLineFromApi } from '#/lib/cartLine.ts';
import { cartTotals } from '#/lib/pricing/totals.ts';
import { priceLine, type PricedLine } from '#/lib/pricing/line.ts';
import type { CartGoods, CartItem } from '#/server/cart/model.ts';
import { presentLine } from '#/server/cart/present.ts';
import { countedQuantity, priced, pricingLine, totalsFor } from '#/server/cart/price.ts';

const goods = (over: Partial<CartGoods> = {}): CartGoods => ({
  id: 7,
  name: '阿莫西林胶囊',
  manufacturer: '某药业',
  spec: '0.25g*24粒',
  images: [],
  unit: '盒',
  stock: 100,
  isBuy: true,
  basePriceFen: 1999,
  ladder: [
    { number: 10, priceFen: 1899 },
    { number: 50, priceFen: 1750 },
  ],
  packMultiple: 1,
  mustMultiple: false,
  limit: null,
  isFreeShipping: false,
  freeShippingNumber: 0,
  tags: [],
  isEphedrine: false,
  ...over,
});

const item = (over: Partial<CartItem> = {}): CartItem =>
  priced(
    {
      id: 1,
      type: CART_LINE_TYPES.normal,
      goods: goods(),
      quantity: 12,
      selected: true,
      goodsPriceId: null,
      ladderPriceId: null,
      manjianId: null,
      isYj: false,
      variantPriceFen: null,
      variantLimit: null,
      welfare: false,
      gift: null,
      combination: null,
      reason: null,
      notice: null,
      nearExpiryHeld: 0,
      ...over,
    },
    null,
  );

const charge = ({ line: _line, ...rest }: PricedLine) => rest;

const lines: Record<string, CartItem> = {
  ladder: item(),
  'beyond stock': item({ id: 2, quantity: 130 }),
  welfare: item({ id: 3, welfare: true, quantity: 7, manjianId: 4 }),
  'fixed variant': item({ id: 4, goodsPriceId: 9, variantPriceFen: 1501, isYj: true }),
  'flash with limit': item({
    id: 5,
    type: CART_LINE_TYPES.flash,
    goodsPriceId: 10,
    variantPriceFen: 999,
    variantLimit: 3,
    quantity: 11,
  }),
  'daily special with limit': item({
    id: 6,
    goodsPriceId: 11,
    variantPriceFen: 1234,
    variantLimit: 2,
  }),
  gift: item({ id: 7, gift: { total: 2, type: 1, name: '赠品' }, manjianId: 4 }),
  unbuyable: item({ id: 8, goods: goods({ isBuy: false }), selected: false, reason: '控销' }),
  'free shipping': item({
    id: 9,
    goods: goods({ isFreeShipping: true, freeShippingNumber: 5, limit: 20 }),
    quantity: 5,
  }),
  combination: item({
    id: 10,
    type: CART_LINE_TYPES.combination,
    goods: goods({ id: 3, stock: 4, basePriceFen: 5 * 1999 + 2 * 333, ladder: [] }),
    goodsPriceId: 3,
    variantPriceFen: 9000,
    quantity: 3,
    combination: {
      id: 3,
      name: '组合',
      packPriceFen: 9000,
      items: [
        { goods: goods(), number: 5 },
        { goods: goods({ id: 8, basePriceFen: 333, ladder: [] }), number: 2 },
      ],
    },
  }),
};

describe('server and browser price a cart line alike', () => {
  for (const [name, l] of Object.entries(lines)) {
    it(name, () => {
      const wire = presentLine(l);
      const server = priceLine(pricingLine(l));
      const browser = priceLine(pricingLineFromApi(wire, countedQuantity(l)));
      expect(charge(server)).toEqual(charge(browser));
      expect(wire.price).toBe((server.unitPriceFen / 100).toFixed(2));
      expect(wire.amount).toBe((server.amountFen / 100).toFixed(2));
    });
  }

  it('and the totals of the whole cart', () => {
    const all = Object.values(lines);
    const options = {
      fullReductions: [{ id: 4, tiers: [{ amountFen: 10_000, reduceFen: 777 }] }],
      coupon: { thresholdFen: 20_000, reduceFen: 1_500 },
      cashVoucher: { amountFen: 300 },
      // a rate the merchandiser set, not the default: both sides take it from the options
      welfareRate: 0.85,
    };
    const { lines: _server, ...server } = totalsFor(all, options);
    const { lines: _browser, ...browser } = cartTotals(
      all.map((l) => pricingLineFromApi(presentLine(l), countedQuantity(l))),
      options,
    );
    expect(server).toEqual(browser);
    expect(server.discounts.welfareFen).toBeGreaterThan(0);
    expect(server.discounts.fullReductionFen).toBe(777);
  });
});
