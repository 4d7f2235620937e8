import { describe, expect, it } from 'vitest';
import { isLineAvailable, normalizeCart, normalizeSelection } from '#/lib/pricing/availability.ts';
import { freeShippingHint } from '#/lib/pricing/freeShipping.ts';
import { fullReductionTiers } from '#/lib/pricing/fullReduction.ts';
import { giftsFor } from '#/lib/pricing/gifts.ts';
import { ladderHint, ladderUnitPrice } from '#/lib/pricing/ladder.ts';
import { priceLine } from '#/lib/pricing/line.ts';
import { lineTypeFromCode } from '#/lib/pricing/lineType.ts';
import {
  checkQuantity,
  packOverLimit,
  snapQuantity,
  SNAP_REASONS,
  stepQuantity,
  stepTypedQuantity,
} from '#/lib/pricing/quantity.ts';
import { cartTotals } from '#/lib/pricing/totals.ts';
import type { CartLine, CombinationLine, NormalLine, PricingGoods } from '#/lib/pricing/types.ts';

function goods(over: Partial<PricingGoods> = {}): PricingGoods {
  return { basePriceFen: 1000, stock: 500, isBuy: true, ...over };
}

function normal(g: PricingGoods, quantity: number, over: Partial<NormalLine> = {}): NormalLine {
  return { type: 'normal', goods: g, quantity, selected: true, ...over };
}

// base ¥10.00; from 10 units ¥9.00; from 50 units ¥8.00
const LADDER_GOODS = goods({
  ladder: [
    { number: 50, priceFen: 800 },
    { number: 10, priceFen: 900 },
  ],
});

describe('ladderUnitPrice', () => {
  it.each([
    [1, 1000],
    [9, 1000], // one below the first tier
    [10, 900], // exactly at the tier
    [49, 900],
    [50, 800],
    [500, 800],
  ])('qty %i → %i fen', (qty, price) => {
    expect(ladderUnitPrice(LADDER_GOODS, qty)).toBe(price);
  });

  it('uses the base price without a ladder and ignores broken tiers', () => {
    expect(ladderUnitPrice(goods(), 100)).toBe(1000);
    expect(
      ladderUnitPrice(
        goods({
          ladder: [
            { number: 0, priceFen: 1 },
            { number: 5, priceFen: -1 },
          ],
        }),
        100,
      ),
    ).toBe(1000);
  });
});

describe('ladderHint', () => {
  it('none without a ladder', () => {
    expect(ladderHint(goods(), 5)).toEqual({ state: 'none' });
  });

  it('none below the first tier, with the first tier to aim for', () => {
    expect(ladderHint(LADDER_GOODS, 9)).toEqual({
      state: 'none',
      nextNumber: 10,
      nextPriceFen: 900,
      shortBy: 1,
    });
  });

  it('next when a tier is reached and a higher one exists', () => {
    expect(ladderHint(LADDER_GOODS, 10)).toEqual({
      state: 'next',
      reachedNumber: 10,
      reachedPriceFen: 900,
      nextNumber: 50,
      nextPriceFen: 800,
      shortBy: 40,
    });
    expect(ladderHint(LADDER_GOODS, 49)).toMatchObject({ state: 'next', shortBy: 1 });
  });

  it('reached at the highest tier', () => {
    expect(ladderHint(LADDER_GOODS, 50)).toEqual({
      state: 'reached',
      reachedNumber: 50,
      reachedPriceFen: 800,
    });
    expect(ladderHint(LADDER_GOODS, 80)).toEqual({
      state: 'reached',
      reachedNumber: 50,
      reachedPriceFen: 800,
    });
  });
});

describe('snapQuantity', () => {
  const pack10 = goods({ packMultiple: 10, mustMultiple: true, stock: 25 });

  it.each([
    [pack10, 3, 10, SNAP_REASONS.pack], // snaps UP to the inner pack
    [pack10, 10, 10, undefined],
    [pack10, 11, 20, '已按中包装倍数调整'],
    [pack10, 23, 20, '库存不足'], // 30 > stock 25 → down to the largest multiple under stock
    [pack10, 0, 10, SNAP_REASONS.pack],
    [goods({ packMultiple: 10, mustMultiple: false }), 3, 3, undefined], // pack shown, not enforced
    [goods({ stock: 100, limit: 5 }), 8, 5, '超出限购数量'],
    [goods({ stock: 100, limit: 5 }), 5, 5, undefined],
    [goods({ stock: 3, limit: 5 }), 8, 3, '库存不足'],
    [goods({ stock: 100, limit: 0 }), 100, 100, undefined], // limit 0 = none
    [goods({ stock: 0 }), 1, 0, '库存不足'],
    [
      goods({ stock: 100, packMultiple: 10, mustMultiple: true, limit: 15 }),
      12,
      10,
      '超出限购数量',
    ],
    [goods({ stock: 5, packMultiple: 10, mustMultiple: true }), 1, 0, '库存不足'], // stock below one pack
    [goods(), 2.7, 2, undefined],
    [goods(), -3, 1, '购买数量最少为1'],
    [goods(), Number.NaN, 1, '购买数量最少为1'],
  ])('%#: qty %d → %i (%s)', (g, qty, quantity, reason) => {
    const r = snapQuantity(g, qty);
    expect(r.quantity).toBe(quantity);
    expect(r.reason).toBe(reason);
  });

  it('applies an extra cap such as a flash-sale per-user limit', () => {
    expect(snapQuantity(goods(), 5, { maxQuantity: 2 })).toEqual({
      quantity: 2,
      reason: '超出限购数量',
    });
    expect(snapQuantity(goods(), 2, { maxQuantity: 2 })).toEqual({ quantity: 2 });
  });
});

describe('freeShippingHint', () => {
  const free20 = goods({ isFreeShipping: true, freeShippingNumber: 20 });

  it('is short by the missing units, reached at exactly N', () => {
    expect(freeShippingHint(free20, 19)).toEqual({ eligible: true, reached: false, shortBy: 1 });
    expect(freeShippingHint(free20, 20)).toEqual({ eligible: true, reached: true, shortBy: 0 });
    expect(freeShippingHint(free20, 5)).toEqual({ eligible: true, reached: false, shortBy: 15 });
  });

  it('is not eligible when the goods has no free shipping', () => {
    expect(freeShippingHint(goods({ freeShippingNumber: 1 }), 100)).toEqual({
      eligible: false,
      reached: false,
      shortBy: 0,
    });
  });

  it('treats a missing number as 1', () => {
    expect(freeShippingHint(goods({ isFreeShipping: true }), 1).reached).toBe(true);
    expect(freeShippingHint(goods({ isFreeShipping: true }), 0)).toEqual({
      eligible: true,
      reached: false,
      shortBy: 1,
    });
  });
});

describe('fullReductionTiers', () => {
  // 满100减8, 满200减20, 满500减60 (in fen), given out of order
  const TIERS = [
    { amountFen: 20000, reduceFen: 2000 },
    { amountFen: 10000, reduceFen: 800 },
    { amountFen: 50000, reduceFen: 6000 },
  ];

  it('one fen below the first tier reaches nothing', () => {
    const r = fullReductionTiers(TIERS, 9999);
    expect(r.reduceFen).toBe(0);
    expect(r.applied).toBeNull();
    expect(r.next).toEqual({ amountFen: 10000, reduceFen: 800, shortByFen: 1 });
    expect(r.tiers.map((t) => [t.amountFen, t.status])).toEqual([
      [10000, 0],
      [20000, 0],
      [50000, 0],
    ]);
  });

  it('exactly at a tier reaches it', () => {
    const r = fullReductionTiers(TIERS, 10000);
    expect(r.reduceFen).toBe(800);
    expect(r.next).toEqual({ amountFen: 20000, reduceFen: 2000, shortByFen: 10000 });
  });

  it('moves reached tiers to the front, the applied one first', () => {
    const r = fullReductionTiers(TIERS, 20000);
    expect(r.tiers).toEqual([
      { amountFen: 20000, reduceFen: 2000, status: 1, shortByFen: 0 },
      { amountFen: 10000, reduceFen: 800, status: 1, shortByFen: 0 },
      { amountFen: 50000, reduceFen: 6000, status: 0, shortByFen: 30000 },
    ]);
    expect(r.reduceFen).toBe(2000);
    expect(r.applied).toEqual({ amountFen: 20000, reduceFen: 2000 });
  });

  it('all reached: the highest applies and nothing is next', () => {
    const r = fullReductionTiers(TIERS, 60000);
    expect(r.reduceFen).toBe(6000);
    expect(r.next).toBeNull();
    expect(r.tiers.every((t) => t.status === 1)).toBe(true);
    expect(r.tiers[0]?.amountFen).toBe(50000);
  });

  it('never reduces more than the subtotal', () => {
    expect(fullReductionTiers([{ amountFen: 0, reduceFen: 500 }], 300).reduceFen).toBe(300);
  });
});

describe('selection', () => {
  it('deselects lines that cannot be bought or have no stock', () => {
    const unbuyable = normal(goods({ isBuy: false }), 1);
    const noStock = normal(goods({ stock: 0 }), 1);
    const fine = normal(goods(), 1);
    expect(normalizeSelection(unbuyable).selected).toBe(false);
    expect(unbuyable.selected).toBe(true); // pure: the input is not changed
    expect(normalizeSelection(noStock).selected).toBe(false);
    expect(normalizeSelection(fine)).toBe(fine);
    expect(normalizeCart([unbuyable, fine]).map((l) => l.selected)).toEqual([false, true]);
  });

  it('a combination needs every item buyable with stock for one pack', () => {
    const combo = (stockY: number): CombinationLine => ({
      type: 'combination',
      quantity: 1,
      selected: true,
      combination: {
        packPriceFen: 2500,
        items: [
          { goods: goods({ basePriceFen: 1000 }), number: 2 },
          { goods: goods({ basePriceFen: 800, stock: stockY }), number: 2 },
        ],
      },
    });
    expect(isLineAvailable(combo(2))).toBe(true);
    expect(isLineAvailable(combo(1))).toBe(false);
    expect(normalizeSelection(combo(1)).selected).toBe(false);
  });

  it('maps the API type codes', () => {
    expect(lineTypeFromCode(1)).toBe('flash');
    expect(lineTypeFromCode('3')).toBe('combination');
    expect(lineTypeFromCode(0)).toBe('normal');
    expect(lineTypeFromCode(null)).toBe('normal');
  });
});

describe('priceLine', () => {
  it('charges a combination per pack', () => {
    const p = priceLine({
      type: 'combination',
      quantity: 3,
      selected: true,
      combination: {
        packPriceFen: 2500,
        items: [
          { goods: goods({ basePriceFen: 1000 }), number: 2 },
          { goods: goods({ basePriceFen: 800 }), number: 1 },
        ],
      },
    });
    expect(p.amountFen).toBe(7500);
    expect(p.listAmountFen).toBe(8400); // (2×1000 + 800) × 3
    expect(p.savingsFen).toBe(900);
    expect(p.counted).toBe(true);
  });

  it('charges a flash sale up to the per-user limit, the rest at the ladder price', () => {
    const p = priceLine({
      type: 'flash',
      goods: LADDER_GOODS,
      priceFen: 500,
      userLimit: 5,
      quantity: 12,
      selected: true,
    });
    expect(p.amountFen).toBe(5 * 500 + 7 * 900); // 12 units reach the 10-unit tier
    expect(p.listAmountFen).toBe(12000);
    const within = priceLine({
      type: 'flash',
      goods: LADDER_GOODS,
      priceFen: 500,
      userLimit: 5,
      quantity: 4,
      selected: true,
    });
    expect(within.amountFen).toBe(2000);
  });

  it('a variant price replaces the ladder', () => {
    const p = priceLine(
      normal(LADDER_GOODS, 50, { priceFen: 700, goodsPriceId: 9, variant: 'near_expiry' }),
    );
    expect(p.unitPriceFen).toBe(700);
    expect(p.amountFen).toBe(35000);
  });

  it('floors the welfare rate per line: 94% of 1999 = 1879', () => {
    const p = priceLine(normal(goods({ basePriceFen: 1999 }), 1, { welfare: true }));
    expect(p.netFen).toBe(1879);
    expect(p.welfareFen).toBe(120);
  });

  it('gifts: every N units earn M', () => {
    expect(giftsFor({ buyNumber: 10, giftNumber: 1 }, 25)).toBe(2);
    expect(giftsFor({ buyNumber: 10, giftNumber: 1 }, 9)).toBe(0);
    expect(giftsFor({ buyNumber: 10, giftNumber: 2, maxTotal: 3 }, 30)).toBe(3);
  });
});

describe('cartTotals', () => {
  it('counts only selected, buyable, in-stock lines; ladder, welfare and shipping', () => {
    const lines: CartLine[] = [
      normal(LADDER_GOODS, 10), // 10 × 900 = 9000 (list 10000)
      normal(goods({ basePriceFen: 1999 }), 1, { welfare: true }), // 1999, welfare −120
      normal(goods({ basePriceFen: 5000 }), 3, { selected: false }),
      normal(goods({ basePriceFen: 5000, isBuy: false }), 3),
      normal(goods({ basePriceFen: 5000, stock: 0 }), 3),
    ];
    const t = cartTotals(lines);
    expect(t.selectedCount).toBe(2);
    expect(t.selectedQuantity).toBe(11);
    expect(t.listAmountFen).toBe(11999);
    expect(t.goodsAmountFen).toBe(10999);
    expect(t.discounts).toEqual({
      ladderFen: 1000,
      welfareFen: 120,
      fullReductionFen: 0,
      couponFen: 0,
      cashVoucherFen: 0,
    });
    expect(t.discountFen).toBe(120);
    expect(t.shippingFen).toBe(1000); // under ¥800.00
    expect(t.shipping_data).toEqual({
      shipping_amount: 1000,
      no_trans_order_amount: 80000 - 10999,
      group_b_goods_amount: 0,
    });
    expect(t.payableFen).toBe(10999 - 120 + 1000);
    expect(t.lines).toHaveLength(5);
    expect(t.lines[3]?.counted).toBe(false);
  });

  describe('full reduction + coupon + cash voucher', () => {
    const C = goods({ basePriceFen: 5000 });
    const D = goods({ basePriceFen: 3000 });
    const options = {
      fullReductions: [
        {
          id: 'mj1',
          tiers: [
            { amountFen: 50000, reduceFen: 5000 },
            { amountFen: 100000, reduceFen: 12000 },
          ],
        },
      ],
      coupon: { thresholdFen: 100000, reduceFen: 10000 },
      cashVoucher: { amountFen: 5000 },
    };

    it('at the tier and coupon threshold: everything applies', () => {
      const t = cartTotals(
        [normal(C, 20, { manjianId: 'mj1' }), normal(D, 10, { withCoupon: false })], // 100000 + 30000
        options,
      );
      expect(t.goodsAmountFen).toBe(130000);
      expect(t.fullReductions[0]?.subtotalFen).toBe(100000); // only the mj1 line
      expect(t.discounts.fullReductionFen).toBe(12000);
      expect(t.discounts.couponFen).toBe(10000); // coupon base is the coupon-eligible line only
      expect(t.coupon).toEqual({ applicable: true, shortByFen: 0 });
      expect(t.discounts.cashVoucherFen).toBe(5000);
      expect(t.discountFen).toBe(27000);
      expect(t.shippingFen).toBe(0); // ≥ ¥800.00
      expect(t.payableFen).toBe(103000);
    });

    it('one unit short: the lower tier, no coupon', () => {
      const t = cartTotals(
        [normal(C, 19, { manjianId: 'mj1' }), normal(D, 10, { withCoupon: false })],
        options,
      );
      expect(t.goodsAmountFen).toBe(125000);
      expect(t.discounts.fullReductionFen).toBe(5000);
      expect(t.fullReductions[0]?.next).toEqual({
        amountFen: 100000,
        reduceFen: 12000,
        shortByFen: 5000,
      });
      expect(t.discounts.couponFen).toBe(0);
      expect(t.coupon).toEqual({ applicable: false, shortByFen: 5000 });
      expect(t.payableFen).toBe(125000 - 5000 - 5000);
    });

    it('lines outside the activity do not count toward it; scope "all" counts every line', () => {
      const lines = [normal(C, 10), normal(D, 10, { manjianId: 'other' })]; // 50000 + 30000
      expect(
        cartTotals(lines, { fullReductions: options.fullReductions }).discounts.fullReductionFen,
      ).toBe(0);
      const all = cartTotals(lines, {
        fullReductions: [
          { id: 'site', scope: 'all', tiers: [{ amountFen: 80000, reduceFen: 3000 }] },
        ],
      });
      expect(all.discounts.fullReductionFen).toBe(3000);
    });
  });

  it('caps the coupon and cash voucher at what remains; payable never below shipping', () => {
    const t = cartTotals([normal(goods({ basePriceFen: 3000 }), 1)], {
      coupon: { thresholdFen: 0, reduceFen: 2500 },
      cashVoucher: { amountFen: 1000 },
    });
    expect(t.discounts.couponFen).toBe(2500);
    expect(t.discounts.cashVoucherFen).toBe(500);
    expect(t.shippingFen).toBe(1000);
    expect(t.payableFen).toBe(1000);

    const big = cartTotals([normal(goods({ basePriceFen: 3000 }), 1)], {
      coupon: { thresholdFen: 0, reduceFen: 9999 },
      shipping: { feeFen: 0, freeThresholdFen: 0 },
    });
    expect(big.discounts.couponFen).toBe(3000);
    expect(big.payableFen).toBe(0);
  });

  describe('shipping', () => {
    it('is free at exactly the threshold and charged one fen below', () => {
      const at = cartTotals([normal(goods({ basePriceFen: 80000 }), 1)]);
      expect(at.shippingFen).toBe(0);
      expect(at.shipping_data.no_trans_order_amount).toBe(0);
      const below = cartTotals([normal(goods({ basePriceFen: 79999 }), 1)]);
      expect(below.shippingFen).toBe(1000);
      expect(below.shipping_data.no_trans_order_amount).toBe(1);
    });

    it('is free when a line reaches its free-shipping quantity', () => {
      const E = goods({ basePriceFen: 100, isFreeShipping: true, freeShippingNumber: 20 });
      expect(cartTotals([normal(E, 20)]).shippingFen).toBe(0);
      const short = cartTotals([normal(E, 19)]);
      expect(short.shippingFen).toBe(1000);
      expect(short.shipping_data.no_trans_order_amount).toBe(80000 - 1900);
      // the same line unselected does not grant free shipping to the rest
      expect(cartTotals([normal(E, 20, { selected: false }), normal(goods(), 1)]).shippingFen).toBe(
        1000,
      );
    });

    it('excludes group B goods from the threshold unless the rule counts them', () => {
      const lines = [
        normal(goods({ basePriceFen: 50000, isGroupB: true }), 1),
        normal(goods({ basePriceFen: 30000 }), 1),
      ];
      const t = cartTotals(lines);
      expect(t.goodsAmountFen).toBe(80000);
      expect(t.shippingFen).toBe(1000);
      expect(t.shipping_data).toEqual({
        shipping_amount: 1000,
        no_trans_order_amount: 50000,
        group_b_goods_amount: 50000,
      });
      const counted = cartTotals(lines, {
        shipping: { feeFen: 1000, freeThresholdFen: 80000, groupBCountsToThreshold: true },
      });
      expect(counted.shippingFen).toBe(0);
    });

    it('follows a custom rule and charges nothing for an empty selection', () => {
      const rule = { feeFen: 1500, freeThresholdFen: 50000 };
      expect(
        cartTotals([normal(goods({ basePriceFen: 49999 }), 1)], { shipping: rule }).shippingFen,
      ).toBe(1500);
      expect(
        cartTotals([normal(goods({ basePriceFen: 50000 }), 1)], { shipping: rule }).shippingFen,
      ).toBe(0);
      const empty = cartTotals([normal(goods(), 1, { selected: false })]);
      expect(empty.shippingFen).toBe(0);
      expect(empty.payableFen).toBe(0);
      expect(empty.selectedCount).toBe(0);
    });
  });

  it('totals combinations by packs and sums gifts of counted lines', () => {
    const t = cartTotals([
      {
        type: 'combination',
        quantity: 2,
        selected: true,
        gift: { total: 2, type: 1 },
        combination: {
          packPriceFen: 45000,
          items: [{ goods: goods({ basePriceFen: 25000 }), number: 2 }],
        },
      },
      normal(goods(), 1, { selected: false, gift: { total: 5, type: 1 } }),
    ]);
    expect(t.goodsAmountFen).toBe(90000);
    expect(t.discounts.ladderFen).toBe(10000);
    expect(t.selectedQuantity).toBe(2);
    expect(t.giftTotal).toBe(2);
    expect(t.shippingFen).toBe(0);
  });

  it('uses the given welfare rate and floors each line', () => {
    const lines = [
      normal(goods({ basePriceFen: 1035 }), 1, { welfare: true }),
      normal(goods({ basePriceFen: 1035 }), 1, { welfare: true }),
    ];
    // per line: 1035 − floor(972.9) = 63, twice = 126 (on the sum it would be 2070 − floor(1945.8) = 125)
    expect(cartTotals(lines).discounts.welfareFen).toBe(126);
    expect(cartTotals(lines).payableFen).toBe(2 * 972 + 1000);
    expect(cartTotals(lines, { welfareRate: 0.9 }).discounts.welfareFen).toBe(2 * (1035 - 931)); // 931.5 floors
  });
});

describe('packOverLimit', () => {
  const g = { innerPack: 20, mustMultiple: true, purchaseLimit: 10, bzdw: '盒' };
  it('names goods no quantity can buy: a pack multiple over the per-order limit', () => {
    expect(packOverLimit(g)).toBe('须按中包装20盒的倍数购买，超出每单限购10盒，暂无法购买');
  });
  it('leaves goods alone that some quantity can buy', () => {
    expect(packOverLimit({ ...g, mustMultiple: false })).toBeNull();
    expect(packOverLimit({ ...g, purchaseLimit: 0 })).toBeNull();
    expect(packOverLimit({ ...g, purchaseLimit: 20 })).toBeNull();
    expect(packOverLimit({ ...g, innerPack: 1 })).toBeNull();
  });
});

describe('checkQuantity', () => {
  const rules = {
    min: 1,
    pack: 5,
    unit: '盒',
    caps: [
      { max: 100, reason: '每单限购100盒' },
      { max: 25, reason: '库存仅剩25盒' },
    ],
  };
  it('takes a whole quantity exactly as typed', () => {
    expect(checkQuantity('20', rules)).toEqual({ ok: true, value: 20 });
    expect(checkQuantity(' 5 ', rules)).toEqual({ ok: true, value: 5 });
  });
  it.each([
    ['2.5', '数量须为整数，不能有小数'],
    ['25.', '数量须为整数，不能有小数'],
    ['-5', '数量不能为负数'],
    ['', '请填写数量'],
    ['abc', '请填写数字'],
    ['1e3', '请填写数字'],
    ['0', '数量最少为1盒'],
    ['30', '库存仅剩25盒'],
    ['7', '须按中包装5盒的倍数购买'],
  ])('refuses %j: %s', (text, error) => {
    expect(checkQuantity(text, rules)).toEqual({ ok: false, error });
  });
  it('allows none where a line may be left out (the return form)', () => {
    const returnable = { min: 0, pack: 1, unit: '盒', caps: [{ max: 25, reason: '最多可退25盒' }] };
    expect(checkQuantity('0', returnable)).toEqual({ ok: true, value: 0 });
    expect(checkQuantity('30', returnable)).toEqual({ ok: false, error: '最多可退25盒' });
  });
  it('steps a pack at a time within the caps', () => {
    expect(stepQuantity(5, 1, rules)).toBe(10);
    expect(stepQuantity(7, 1, rules)).toBe(10);
    expect(stepQuantity(7, -1, rules)).toBe(5);
    expect(stepQuantity(5, -1, rules)).toBe(5);
    expect(stepQuantity(25, 1, rules)).toBe(25);
  });
  it('steps from what is typed: its quantity, else the whole number it starts with, else 0', () => {
    expect(stepTypedQuantity('10', 1, rules)).toBe(15);
    expect(stepTypedQuantity('7', 1, rules)).toBe(10);
    expect(stepTypedQuantity('12.5', -1, rules)).toBe(10);
    expect(stepTypedQuantity('abc', 1, rules)).toBe(5);
    expect(stepTypedQuantity('99', -1, rules)).toBe(25);
  });
});

describe('scoped coupons (chosen goods, categories or brands, resolved to goods ids)', () => {
  const a = goods({ id: 1, basePriceFen: 6000 });
  const b = goods({ id: 2, basePriceFen: 5000 });
  const pack: CombinationLine = {
    type: 'combination',
    quantity: 1,
    selected: true,
    combination: { id: 9, packPriceFen: 9000, items: [{ goods: a, number: 1 }] },
  };
  const lines: CartLine[] = [normal(a, 1), normal(b, 1), pack];

  it('counts only the goods in scope toward the threshold, never a pack', () => {
    // in scope: goods 1 only (60.00) — short of 100.00 although the cart holds 200.00
    const t = cartTotals(lines, {
      coupon: { thresholdFen: 10000, reduceFen: 1000, goodsIds: new Set([1]) },
    });
    expect(t.coupon).toEqual({ applicable: false, shortByFen: 4000 });
    expect(t.discounts.couponFen).toBe(0);
    // goods 1 and 2: 110.00 ≥ 100.00
    const both = cartTotals(lines, {
      coupon: { thresholdFen: 10000, reduceFen: 1000, goodsIds: new Set([1, 2]) },
    });
    expect(both.coupon).toEqual({ applicable: true, shortByFen: 0 });
    expect(both.discounts.couponFen).toBe(1000);
  });

  it('an unscoped coupon counts every eligible line, the pack included', () => {
    const t = cartTotals(lines, { coupon: { thresholdFen: 20000, reduceFen: 1000 } });
    expect(t.coupon).toEqual({ applicable: true, shortByFen: 0 });
  });

  it('a line that takes no coupon stays out of scope too', () => {
    const t = cartTotals([normal(a, 2, { withCoupon: false }), normal(b, 1)], {
      coupon: { thresholdFen: 5000, reduceFen: 500, goodsIds: new Set([1]) },
    });
    expect(t.coupon).toEqual({ applicable: false, shortByFen: 5000 });
  });
});
