import { describe, expect, it } from 'vitest';
import { buyerBasePrice, ladderBelow } from '#/lib/rankPrice.ts';

describe('rank prices (会员等级价)', () => {
  const g = { basePrice: 1250, rankPrices: { '3': 1000, '4': 1300 } };
  it('a buyer of a rank with a price pays it; other ranks and visitors the base price', () => {
    expect(buyerBasePrice(g, 3)).toBe(1000);
    expect(buyerBasePrice(g, 1)).toBe(1250);
    expect(buyerBasePrice(g, null)).toBe(1250);
    expect(buyerBasePrice(g, undefined)).toBe(1250);
  });
  it('never above the base price (a base price lowered later wins)', () => {
    expect(buyerBasePrice(g, 4)).toBe(1250);
  });
  it('keeps only the ladder tiers cheaper than the buyer’s price', () => {
    const ladder = [
      { number: 10, price: 1200 },
      { number: 50, price: 950 },
    ];
    expect(ladderBelow(ladder, 1000)).toEqual([{ number: 50, price: 950 }]);
    expect(ladderBelow(ladder, 1250)).toEqual(ladder);
  });
});
