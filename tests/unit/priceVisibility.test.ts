import { describe, expect, it } from 'vitest';
import { HIDDEN_PRICE, hiddenPrice, priceAudience } from '#/lib/priceVisibility.ts';
import { buyerSegment, type BuyerCompany } from '#/server/eligibility.ts';

const store = (over: Partial<BuyerCompany> = {}): BuyerCompany => ({
  id: 7,
  isPassed: false,
  jyfw: ['otc_a'],
  province: '湖北省',
  type: 'clinic',
  ...over,
});

describe('who sees prices', () => {
  it('is approved members only; the others are told what to do', () => {
    expect(priceAudience(null)).toBe('visitor');
    expect(priceAudience(store())).toBe('unapproved');
    expect(priceAudience(store({ isPassed: true, licenceExpired: true }))).toBe('approved');
    expect(hiddenPrice(null)).toEqual(HIDDEN_PRICE.visitor);
    expect(hiddenPrice(store())).toEqual({
      text: '审核通过后可见价格',
      href: '/zzzj',
      action: '上传资质证照',
    });
    expect(hiddenPrice(store({ isPassed: true }))).toBeNull();
  });

  it('keys the shared pages: every unapproved store shares one segment, never an approved one', async () => {
    const a = await buyerSegment(store());
    const b = await buyerSegment(
      store({ id: 8, jyfw: ['rx'], province: '广东省', type: 'pharmacy' }),
    );
    expect(a).toBe('unapproved');
    expect(b).toBe(a);
    expect(await buyerSegment(null)).toBe('visitor');
  });
});
