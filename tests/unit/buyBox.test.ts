// The detail page's buy box (lib/buyBox, components/buyBoxHtml): what it shows for the quantity
// typed, as the server draws it and as client/buyBox.ts redraws it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buyBoxHtml, buyBoxSummaryHtml, variantOverHtml } from '#/components/buyBoxHtml.ts';
import { type BuyBoxProps, buyBoxView, ladderTierAt, unitPriceAt } from '#/lib/buyBox.ts';

const props = (over: Partial<BuyBoxProps> = {}): BuyBoxProps => ({
  goodsId: 7,
  bzdw: '盒',
  basePriceFen: 1000,
  variantPriceFen: null,
  ladder: [
    { id: 1, number: 10, priceFen: 900 },
    { id: 2, number: 50, priceFen: 800 },
  ],
  stock: 500,
  pack: 1,
  mustMultiple: false,
  limit: 0,
  variantLimit: null,
  startNumber: 1,
  isFreeShipping: false,
  freeShippingNumber: 0,
  manjian: null,
  line: { goods_id: 7, ck_id: 3, goods_price_id: null, goods_manjian_id: null, is_yj: 0 },
  canBuy: true,
  reason: null,
  isFavorite: false,
  loggedIn: true,
  ...over,
});

describe('buyBoxView', () => {
  it('follows the ladder as the quantity grows, and says what the next tier needs', () => {
    const p = props();
    expect(buyBoxView(p, '1')).toMatchObject({
      unitFen: 1000,
      subtotalFen: 1000,
      hint: { state: 'not_reached', text: '未达到阶梯价：满10盒享 ¥9.00，还差9盒' },
    });
    expect(buyBoxView(p, '12')).toMatchObject({
      unitFen: 900,
      subtotalFen: 10800,
      hint: { state: 'next', text: '已享满10盒价 ¥9.00，再买38盒享下一档 ¥8.00' },
    });
    expect(buyBoxView(p, '50').hint).toEqual({
      state: 'reached',
      text: '已达到最高阶梯：满50盒，单价 ¥8.00',
    });
    expect(ladderTierAt(p, 12)?.id).toBe(1);
    expect(ladderTierAt(p, 9)).toBeUndefined();
  });

  it('prices nothing while the quantity is refused', () => {
    const v = buyBoxView(props(), '2.5');
    expect(v.check).toMatchObject({ ok: false, error: '数量须为整数，不能有小数' });
    expect(v.subtotalFen).toBe(0);
  });

  it('charges units over a variant’s per-store limit the normal (ladder) price', () => {
    const p = props({ variantPriceFen: 500, variantLimit: 3 });
    const v = buyBoxView(p, '12');
    expect(v.overVariant).toBe(9);
    expect(v.unitFen).toBe(500);
    expect(v.subtotalFen).toBe(3 * 500 + 9 * 900);
    // a variant's price is fixed: no ladder hint, no ladder tier on the line
    expect(v.hint.state).toBe('none');
    expect(ladderTierAt(p, 12)).toBeUndefined();
    expect(variantOverHtml(p, v)).toContain('每店限购3盒享活动价，超出的9盒按原价计算');
  });

  it('subtotal is the unit price times the units, plus the normal price for units over the limit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.option(fc.integer({ min: 1, max: 2000 }), { nil: null }),
        fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
        (qty, variantPriceFen, variantLimit) => {
          const p = props({ variantPriceFen, variantLimit });
          const v = buyBoxView(p, String(qty));
          const over =
            variantPriceFen !== null && variantLimit !== null ? Math.max(0, qty - variantLimit) : 0;
          const normal = unitPriceAt({ ...p, variantPriceFen: null }, qty)!;
          expect(v.overVariant).toBe(over);
          expect(v.subtotalFen).toBe((variantPriceFen ?? normal) * (qty - over) + normal * over);
        },
      ),
    );
  });
});

describe('buyBoxHtml', () => {
  it('shows a reader who may not see prices no price, and a visitor the way to log in', () => {
    const hidden = props({
      basePriceFen: null,
      canBuy: false,
      reason: '资质审核中',
      loggedIn: false,
    });
    const html = buyBoxHtml(hidden);
    expect(html).not.toContain('data-testid="unit-price"');
    expect(html).toContain('<div class="space-y-3" data-part="summary" hidden></div>');
    expect(html).toContain('href="/login?redirect=%2Flist%2Finfo%2F7"');
    expect(html).toContain('资质审核中');
    expect(html).not.toContain('data-add');
    expect(buyBoxSummaryHtml(hidden, buyBoxView(hidden, '1'))).toBe('');
  });

  it('starts at the page’s quantity, with the field refused and 加入购物车 disabled when it cannot be taken', () => {
    const ok = buyBoxHtml(props({ startNumber: 10 }));
    expect(ok).toContain('value="10" data-qty');
    expect(ok).toContain('aria-invalid="false"');
    expect(ok).toMatch(/<button type="button" class="[^"]+" data-add>加入购物车<\/button>/);
    const refusedProps = props({ startNumber: 2, pack: 5, mustMultiple: true });
    const refused = buyBoxHtml(refusedProps);
    // The same page twice is the same bytes (a filled copy is compared with a render).
    expect(buyBoxHtml(refusedProps)).toBe(refused);
    expect(refused).toContain('aria-invalid="true"');
    expect(refused).toContain('data-testid="quantity-error">须按中包装5盒的倍数购买</span>');
    expect(refused).toMatch(/ disabled data-add>/);
  });

  it('escapes what it is given and carries its props for the script', () => {
    const p = props({
      manjian: { name: '<满减>', tiers: [{ amountFen: 10000, reduceFen: 1000 }] },
      bzdw: "盒'",
    });
    const html = buyBoxHtml(p);
    expect(html).toContain('&lt;满减&gt;：');
    const data = /data-buy-box='([^']*)'/
      .exec(html)![1]!
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&');
    expect(JSON.parse(data)).toEqual(p);
  });
});
