import { describe, expect, it } from 'vitest';
import {
  activitiesFromApi,
  pricingGoodsFromApi,
  pricingLineFromApi,
  type ApiCartLine,
} from '#/lib/cartLine.ts';
import { cartTotals } from '#/lib/pricing/totals.ts';

const goods = {
  id: 7,
  name: '阿莫西林胶囊',
  sccj: '某药业',
  ypgg: '0.25g*24粒',
  goods_image: [],
  ck_id: '',
  bzdw: '盒',
  number: 100,
  is_buy: true,
  base_price: '12.50',
  ladder_price: [
    { number: 10, price: '11.80' },
    { number: 50, price: '10.99' },
  ],
  tags: [],
  inner_pack: 10,
  must_multiple: false,
  purchase_limit: 0,
  is_free_shipping: true,
  free_shipping_number: 20,
  is_ephedrine: false,
};
const line = (over: Partial<ApiCartLine> = {}): ApiCartLine => ({
  id: 1,
  goods,
  price: '12.50',
  amount: '12.50',
  number: 1,
  is_selected: 1,
  type: 0,
  goods_price_id: null,
  ladder_price_id: null,
  goods_manjian_id: null,
  is_yj: 0,
  variant_price: null,
  ...over,
});

describe('pricingGoodsFromApi', () => {
  it('reads "12.30" strings as fen and keeps stock, packs and limits', () => {
    const g = pricingGoodsFromApi(goods);
    expect(g.basePriceFen).toBe(1250);
    expect(g.ladder).toEqual([
      { number: 10, priceFen: 1180 },
      { number: 50, priceFen: 1099 },
    ]);
    expect(g.stock).toBe(100);
    expect(g.packMultiple).toBe(10);
    expect(g.limit).toBeNull();
    expect(g.freeShippingNumber).toBe(20);
  });
});

describe('pricingLineFromApi + cartTotals (what the cart page and the server both compute)', () => {
  it.each([
    [9, 9 * 1250],
    [10, 10 * 1180],
    [49, 49 * 1180],
    [50, 50 * 1099],
  ])('%i units cost %i fen (ladder edges)', (qty, fen) => {
    expect(cartTotals([pricingLineFromApi(line(), qty)]).goodsAmountFen).toBe(fen);
  });

  it('a deselected line counts nothing; the quantity override is what the buyer typed', () => {
    expect(cartTotals([pricingLineFromApi(line({ is_selected: 0 }), 10)]).goodsAmountFen).toBe(0);
    expect(cartTotals([pricingLineFromApi(line({ number: 3 }))]).selectedQuantity).toBe(3);
  });

  it('a variant price replaces the ladder; a flash line (type 1) uses it', () => {
    expect(
      cartTotals([pricingLineFromApi(line({ variant_price: '9.90' }), 50)]).goodsAmountFen,
    ).toBe(50 * 990);
    const flash = pricingLineFromApi(line({ type: 1, variant_price: '8.00' }), 2);
    expect(flash.type).toBe('flash');
    expect(cartTotals([flash]).goodsAmountFen).toBe(1600);
  });

  it('the goods free-shipping quantity removes the shipping fee', () => {
    expect(cartTotals([pricingLineFromApi(line(), 19)]).shippingFen).toBeGreaterThan(0);
    expect(cartTotals([pricingLineFromApi(line(), 20)]).shippingFen).toBe(0);
  });

  it('an unbuyable goods is never counted even when selected', () => {
    const t = cartTotals([pricingLineFromApi(line({ goods: { ...goods, is_buy: false } }), 5)]);
    expect(t.selectedCount).toBe(0);
    expect(t.payableFen).toBe(0);
  });

  it('coupon and cash voucher on top of the ladder price floor to the fen and never go below shipping', () => {
    const t = cartTotals([pricingLineFromApi(line(), 10)], {
      coupon: { thresholdFen: 10_000, reduceFen: 3_000 },
      cashVoucher: { amountFen: 100_000 },
    });
    expect(t.goodsAmountFen).toBe(11_800);
    expect(t.discounts.couponFen).toBe(3_000);
    expect(t.discounts.cashVoucherFen).toBe(8_800);
    expect(t.payableFen).toBe(t.shippingFen);
  });
});

describe('activitiesFromApi', () => {
  it('prices a full reduction the same way on both sides, tier edges included', () => {
    const acts = activitiesFromApi([
      {
        id: 5,
        scope: 'lines',
        tiers: [
          { amount: '100.00', reduce: '10.00' },
          { amount: '200.00', reduce: '25.00' },
        ],
      },
    ]);
    const at = (qty: number) =>
      cartTotals(
        [
          pricingLineFromApi(
            line({ goods_manjian_id: 5, goods: { ...goods, ladder_price: [] } }),
            qty,
          ),
        ],
        { fullReductions: acts },
      );
    expect(at(7).discounts.fullReductionFen).toBe(0); // 87.50
    expect(at(8).discounts.fullReductionFen).toBe(1000); // 100.00 reaches the first tier exactly
    expect(at(16).discounts.fullReductionFen).toBe(2500); // 200.00
    expect(at(16).fullReductions[0]!.tiers[0]!.status).toBe(1);
  });
});
