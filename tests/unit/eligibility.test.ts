import { describe, expect, it } from 'vitest';
import { controlledVisible, purchaseBlock, type BuyerCompany } from '#/server/eligibility.ts';
import { countdownEnd, endOfShopDay, formatCountdown } from '#/lib/shopClock.ts';

const pharmacy: BuyerCompany = {
  id: 7,
  isPassed: true,
  jyfw: ['rx', 'otc_a'],
  province: '湖北省',
  type: 'pharmacy',
};
const rx = { drugClass: 'rx', isControlled: false, isBuy: true };

describe('purchaseBlock', () => {
  it('lets an approved member in scope buy', () => {
    expect(purchaseBlock(pharmacy, rx)).toBeNull();
  });

  it('gives the reasons in the order a buyer can act on them', () => {
    expect(purchaseBlock(null, rx)).toEqual({ code: 'login', reason: '请先登录' });
    expect(purchaseBlock({ ...pharmacy, isPassed: false, jyfw: [] }, rx)?.reason).toBe(
      '资质审核中，审核通过后可购买',
    );
    expect(purchaseBlock({ ...pharmacy, isPassed: false, licenceRejected: true }, rx)).toEqual({
      code: 'licence_rejected',
      reason: '资质审核未通过，请重新上传资质后购买',
    });
    // An approved store's rejected licence of another type does not block it.
    expect(purchaseBlock({ ...pharmacy, licenceRejected: true }, rx)).toBeNull();
    expect(purchaseBlock({ ...pharmacy, licenceExpired: true }, rx)?.code).toBe('licence_expired');
    expect(purchaseBlock({ ...pharmacy, licenceExpired: false }, rx)).toBeNull();
    expect(purchaseBlock(pharmacy, { ...rx, isBuy: false })?.code).toBe('off_shelf');
    expect(purchaseBlock(pharmacy, { ...rx, drugClass: 'device_3' })).toEqual({
      code: 'scope',
      reason: '超出经营范围',
    });
  });

  it('blocks a controlled goods without a rule admitting the company', () => {
    const goods = { ...rx, isControlled: true };
    expect(purchaseBlock(pharmacy, goods)?.code).toBe('controlled');
    expect(
      purchaseBlock(pharmacy, {
        ...goods,
        controlled: { regions: ['湖北省'], customerTypes: [], companyIds: [] },
      }),
    ).toBeNull();
    expect(
      purchaseBlock(pharmacy, {
        ...goods,
        controlled: { regions: ['广东省'], customerTypes: [], companyIds: [] },
      })?.reason,
    ).toBe('控销商品，暂不支持购买');
  });
});

describe('controlledVisible', () => {
  const rule = (
    r: Partial<{ regions: string[]; customerTypes: string[]; companyIds: number[] }>,
  ) => ({ regions: [], customerTypes: [], companyIds: [], ...r });
  it('needs region and type to match, or the allow-list', () => {
    expect(
      controlledVisible(pharmacy, rule({ regions: ['湖北省'], customerTypes: ['pharmacy'] })),
    ).toBe(true);
    expect(
      controlledVisible(pharmacy, rule({ regions: ['湖北省'], customerTypes: ['clinic'] })),
    ).toBe(false);
    expect(controlledVisible(pharmacy, rule({ customerTypes: ['clinic'], companyIds: [7] }))).toBe(
      true,
    );
    expect(controlledVisible(pharmacy, rule({ companyIds: [8] }))).toBe(false);
    expect(controlledVisible(pharmacy, rule({}))).toBe(false);
    expect(controlledVisible(null, rule({ regions: ['湖北省'] }))).toBe(false);
  });
});

describe('shop clock', () => {
  it('ends the shop day at midnight China time', () => {
    expect(endOfShopDay(new Date('2026-11-21T05:00:00Z')).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
    expect(endOfShopDay(new Date('2026-11-21T16:00:00Z')).toISOString()).toBe(
      '2026-11-22T16:00:00.000Z',
    );
    expect(endOfShopDay(new Date('2026-11-21T15:59:59Z')).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
  });
  it('formats a countdown and never goes negative', () => {
    expect(formatCountdown(3_725_000)).toBe('01:02:05');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatCountdown(2 * 86_400_000 + 3_725_000)).toBe('2天 01:02:05');
  });
});

describe('countdownEnd', () => {
  it('ends a daily special with the shop day at the latest, other promotions with their window', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const later = new Date('2026-12-30T00:00:00Z');
    expect(countdownEnd('daily_special', later, now).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
    expect(countdownEnd('flash', later, now)).toBe(later);
    const soon = new Date('2026-11-21T12:00:00Z');
    expect(countdownEnd('daily_special', soon, now)).toBe(soon);
  });
});
