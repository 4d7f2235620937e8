import { describe, expect, it } from 'vitest';
import { chooseLots, expiryRange } from '#/server/orders/lotChoice.ts';

const lots = [
  { id: 1, expiresOn: '2027-09-30', stock: 10 },
  { id: 2, expiresOn: '2026-12-31', stock: 5 }, // discounted by the near-expiry zone
  { id: 3, expiresOn: '2027-05-01', stock: 4 },
  { id: 4, expiresOn: '2027-03-01', stock: 0 },
];
const discounted = new Set([2]);

describe('chooseLots', () => {
  it('gives a full-price line the other lots, earliest expiry first', () => {
    const c = chooseLots(lots, 6, null, discounted);
    expect(c.takes.map((t) => [t.lot.id, t.units])).toEqual([
      [3, 4],
      [1, 2],
    ]);
    expect(c.missing).toBe(0);
    expect(expiryRange(c.takes)).toBe('2027-05 ~ 2027-09');
  });

  it('reports what the discounted lots hold when the others run short', () => {
    const c = chooseLots(lots, 16, null, discounted);
    expect(c.missing).toBe(2);
    expect(c.discountedStock).toBe(5);
  });

  it('gives a line bought at the near-expiry price its own lot only', () => {
    const c = chooseLots(lots, 7, 2, discounted);
    expect(c.takes.map((t) => [t.lot.id, t.units])).toEqual([[2, 5]]);
    expect(c.missing).toBe(2);
    expect(c.discountedStock).toBe(0);
    expect(expiryRange(c.takes)).toBe('2026-12');
  });

  it('uses plain earliest expiry when nothing is discounted', () => {
    const c = chooseLots(lots, 1, null, new Set());
    expect(c.takes.map((t) => t.lot.id)).toEqual([2]);
    expect(expiryRange([])).toBeNull();
  });
});
