// Promotions through the API line → engine conversion (lib/cartLine.ts) and the engine
// (lib/pricing/): flash limits, combination packs, full-reduction tier edges with activities,
// welfare flooring, gifts. Amounts hand-computed in fen.
import { describe, expect, it } from 'vitest';
import { pricingLineFromApi, type ApiCartGoods, type ApiCartLine } from '#/lib/cartLine.ts';
import { cartTotals } from '#/lib/pricing/totals.ts';
import { priceLine } from '#/lib/pricing/line.ts';
import { packsInStock } from '#/server/promotions/combinations.ts';
import { effectiveManjianId } from '#/server/promotions/fullReduction.ts';
import { variantProblem, type VariantInfo } from '#/server/promotions/variants.ts';
import { welfareEligible } from '#/server/promotions/welfare.ts';
import { welfareLabel } from '#/lib/welfare.ts';

const goods = (over: Partial<ApiCartGoods> = {}): ApiCartGoods => ({
  id: 7,
  name: '阿莫西林胶囊',
  sccj: '某药业',
  ypgg: '0.25g*24粒',
  goods_image: [],
  ck_id: '',
  bzdw: '盒',
  number: 100,
  is_buy: true,
  base_price: '10.00',
  ladder_price: [{ number: 10, price: '9.00' }],
  tags: [],
  inner_pack: 1,
  must_multiple: false,
  purchase_limit: 0,
  is_free_shipping: false,
  free_shipping_number: 0,
  is_ephedrine: false,
  ...over,
});
const line = (over: Partial<ApiCartLine> = {}): ApiCartLine => ({
  id: 1,
  goods: goods(),
  price: '10.00',
  amount: '10.00',
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

describe('flash sale lines', () => {
  it('charges the flash price up to the per-user limit and the ladder price beyond it', () => {
    // 8 units, 5 left at 8.00, 3 at the ladder price for 8 units (base 10.00: tier starts at 10)
    const p = priceLine(
      pricingLineFromApi(
        line({ type: 1, goods_price_id: 3, variant_price: '8.00', variant_limit: 5, number: 8 }),
      ),
    );
    expect(p.amountFen).toBe(5 * 800 + 3 * 1000);
    // 12 units: the 7 beyond the limit reach the 10-unit ladder tier (9.00)
    const q = priceLine(
      pricingLineFromApi(
        line({ type: 1, goods_price_id: 3, variant_price: '8.00', variant_limit: 5, number: 12 }),
      ),
    );
    expect(q.amountFen).toBe(5 * 800 + 7 * 900);
  });
  it('a used-up limit charges every unit normally; no limit charges every unit at the flash price', () => {
    expect(
      priceLine(
        pricingLineFromApi(line({ type: 1, variant_price: '8.00', variant_limit: 0, number: 3 })),
      ).amountFen,
    ).toBe(3000);
    expect(
      priceLine(
        pricingLineFromApi(
          line({ type: 1, variant_price: '8.00', variant_limit: null, number: 30 }),
        ),
      ).amountFen,
    ).toBe(24000);
  });
  it('a daily special with a limit is priced like a flash line; without a variant the ladder applies', () => {
    expect(
      priceLine(
        pricingLineFromApi(line({ type: 0, variant_price: '8.50', variant_limit: 2, number: 4 })),
      ).amountFen,
    ).toBe(2 * 850 + 2 * 1000);
    expect(priceLine(pricingLineFromApi(line({ number: 10 }))).amountFen).toBe(9000);
  });
});

describe('combination packs', () => {
  const combo = (number: number, stocks: [number, number] = [50, 50]): ApiCartLine =>
    line({
      type: 3,
      number,
      variant_price: '25.99',
      goods: goods({ id: 2, name: '感冒组合装', number: 10 }),
      combination: {
        id: 2,
        name: '感冒组合装',
        items: [
          { goods: goods({ id: 11, base_price: '10.00', number: stocks[0] }), number: 2 },
          { goods: goods({ id: 12, base_price: '8.50', number: stocks[1] }), number: 1 },
        ],
      },
    });
  it('charges packs × pack price and reports the list value of the items as savings', () => {
    const p = priceLine(pricingLineFromApi(combo(3)));
    expect(p.line.type).toBe('combination');
    expect(p.unitPriceFen).toBe(2599);
    expect(p.amountFen).toBe(7797);
    expect(p.listAmountFen).toBe(3 * (2 * 1000 + 850));
    expect(p.savingsFen).toBe(3 * 2850 - 7797);
  });
  it('is unavailable when one item cannot make a pack', () => {
    expect(priceLine(pricingLineFromApi(combo(1, [1, 50]))).available).toBe(false);
    expect(cartTotals([pricingLineFromApi(combo(1, [1, 50]))]).selectedCount).toBe(0);
  });
  it('packsInStock is the smallest whole number of packs any item allows', () => {
    expect(
      packsInStock([
        { number: 2, stock: 9 },
        { number: 1, stock: 7 },
      ]),
    ).toBe(4);
    expect(packsInStock([{ number: 5, stock: 4 }])).toBe(0);
    expect(packsInStock([])).toBe(0);
  });
});

describe('full reduction with activities', () => {
  const act = {
    id: 1,
    tiers: [
      { amountFen: 30000, reduceFen: 1500 },
      { amountFen: 60000, reduceFen: 4000 },
    ],
  };
  const at = (yuan: number, manjian: number | null = 1) =>
    line({
      goods: goods({ base_price: `${yuan}.00`, ladder_price: [] }),
      goods_manjian_id: manjian,
    });
  it('reaches a tier exactly at its amount, not one fen below', () => {
    const below = cartTotals(
      [
        pricingLineFromApi(
          line({ goods: goods({ base_price: '299.99', ladder_price: [] }), goods_manjian_id: 1 }),
        ),
      ],
      { fullReductions: [act] },
    );
    expect(below.discounts.fullReductionFen).toBe(0);
    expect(below.fullReductions[0]!.next).toEqual({
      amountFen: 30000,
      reduceFen: 1500,
      shortByFen: 1,
    });
    const edge = cartTotals([pricingLineFromApi(at(300))], { fullReductions: [act] });
    expect(edge.discounts.fullReductionFen).toBe(1500);
    expect(edge.fullReductions[0]!.tiers.map((t) => t.status)).toEqual([1, 0]);
  });
  it('counts only the lines of the activity', () => {
    const t = cartTotals(
      [pricingLineFromApi(at(400)), pricingLineFromApi({ ...at(400, null), id: 2 })],
      { fullReductions: [act] },
    );
    expect(t.fullReductions[0]!.subtotalFen).toBe(40000);
    expect(t.discounts.fullReductionFen).toBe(1500);
  });
  it('effectiveManjianId keeps a named activity the goods belongs to, else its first one, else none', () => {
    expect(effectiveManjianId(3, [1, 3])).toBe(3);
    expect(effectiveManjianId(9, [1, 3])).toBe(1);
    expect(effectiveManjianId(null, [2])).toBe(2);
    expect(effectiveManjianId(5, undefined)).toBeNull();
    expect(effectiveManjianId(5, [])).toBeNull();
  });
});

describe('welfare (全场94折)', () => {
  it('floors 94 % per line to the fen and runs before full reduction', () => {
    // 3 × 10.01 = 30.03 → × 0.94 = 28.2282 → 28.22; welfare discount 1.81
    const t = cartTotals([
      pricingLineFromApi(
        line({ goods: goods({ base_price: '10.01', ladder_price: [] }), number: 3, is_welfare: 1 }),
      ),
    ]);
    expect(t.goodsAmountFen).toBe(3003);
    expect(t.discounts.welfareFen).toBe(181);
    expect(t.payableFen - t.shippingFen).toBe(2822);
  });
  it('takes the rate the merchandiser set, floored the same way, and names it as buyers read it', () => {
    // 3 × 10.01 = 30.03 → × 0.85 = 25.5255 → 25.52; welfare discount 4.51
    const t = cartTotals(
      [
        pricingLineFromApi(
          line({
            goods: goods({ base_price: '10.01', ladder_price: [] }),
            number: 3,
            is_welfare: 1,
          }),
        ),
      ],
      { welfareRate: 0.85 },
    );
    expect(t.discounts.welfareFen).toBe(451);
    expect([94, 90, 85, 50, 99].map(welfareLabel)).toEqual([
      '9.4折',
      '9折',
      '8.5折',
      '5折',
      '9.9折',
    ]);
  });
  it('no flag, no welfare', () => {
    expect(cartTotals([pricingLineFromApi(line({ number: 3 }))]).discounts.welfareFen).toBe(0);
  });
  it('the welfare zone excludes controlled, 含麻, variant and non-normal lines', () => {
    expect(welfareEligible({ isControlled: false, isEphedrine: false }, 0, false)).toBe(true);
    expect(welfareEligible({ isControlled: true, isEphedrine: false }, 0, false)).toBe(false);
    expect(welfareEligible({ isControlled: false, isEphedrine: true }, 0, false)).toBe(false);
    expect(welfareEligible({ isControlled: false, isEphedrine: false }, 0, true)).toBe(false);
    expect(welfareEligible({ isControlled: false, isEphedrine: false }, 1, false)).toBe(false);
    expect(welfareEligible({ isControlled: false, isEphedrine: false }, 3, false)).toBe(false);
  });
});

describe('gifts and variants', () => {
  it('gift totals of counted lines add up', () => {
    const t = cartTotals([
      pricingLineFromApi(line({ gift_data: { total: 2, type: 1, name: '棉签1包' } })),
      pricingLineFromApi(
        line({ id: 2, is_selected: 0, gift_data: { total: 5, type: 1, name: '棉签1包' } }),
      ),
    ]);
    expect(t.giftTotal).toBe(2);
  });
  const v = (over: Partial<VariantInfo> = {}): VariantInfo => ({
    id: 1,
    goodsId: 7,
    kind: 'flash',
    priceFen: 800,
    active: true,
    limitLeft: 5,
    lotStock: null,
    ...over,
  });
  it('variantProblem: unknown, another goods, over, or a non-flash variant on a flash line fall back', () => {
    expect(variantProblem(v(), 7, 1)).toBeNull();
    expect(variantProblem(v({ kind: 'daily_special' }), 7, 0)).toBeNull();
    expect(variantProblem(undefined, 7, 1)).toMatch(/不存在/);
    expect(variantProblem(v({ goodsId: 8 }), 7, 1)).toMatch(/不存在/);
    expect(variantProblem(v({ active: false }), 7, 1)).toMatch(/已结束/);
    expect(variantProblem(v({ kind: 'yj' }), 7, 1)).toMatch(/秒杀/);
  });
});
