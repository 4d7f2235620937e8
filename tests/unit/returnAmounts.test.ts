// What a return refunds and where its units go back: floors on the running total, so a line's
// refunds together never exceed what was paid for it, and lots take back at most what they gave.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lotsToRestock, returnRefundFen } from '#/server/returns/amounts.ts';
import { REFERENCE_RE, transferReference } from '#/server/transfers/reference.ts';

describe('returnRefundFen', () => {
  it('is the unit price less the line’s discount share, floored to the fen', () => {
    const line = { amount: 3000, discount: 100, number: 3 }; // 29.00 paid for 3 units
    expect(returnRefundFen(line, 0, 1)).toBe(966);
    expect(returnRefundFen(line, 1, 1)).toBe(967);
    expect(returnRefundFen(line, 2, 1)).toBe(967);
    expect(returnRefundFen(line, 0, 3)).toBe(2900);
    expect(returnRefundFen(line, 0, 0)).toBe(0);
    expect(returnRefundFen({ amount: 0, discount: 0, number: 2 }, 0, 2)).toBe(0);
  });

  it('never gives back more than the line’s paid amount, however the units are split', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 10 }),
        (number, amount, discountPct, parts) => {
          const line = { amount, discount: Math.floor((amount * discountPct) / 100), number };
          let prior = 0;
          let total = 0;
          for (const p of parts) {
            const units = Math.min(p, number - prior);
            const fen = returnRefundFen(line, prior, units);
            expect(fen).toBeGreaterThanOrEqual(0);
            total += fen;
            prior += units;
          }
          expect(total).toBeLessThanOrEqual(amount - line.discount);
          if (prior === number) expect(total).toBe(amount - line.discount);
        },
      ),
    );
  });
});

describe('lotsToRestock', () => {
  const lots = [
    { lotId: 7, number: 2 },
    { lotId: 9, number: 3 },
  ];
  it('fills the lots in order after what earlier returns put back', () => {
    expect(lotsToRestock(lots, 0, 1)).toEqual([{ lotId: 7, number: 1 }]);
    expect(lotsToRestock(lots, 1, 3)).toEqual([
      { lotId: 7, number: 1 },
      { lotId: 9, number: 2 },
    ]);
    expect(lotsToRestock(lots, 4, 1)).toEqual([{ lotId: 9, number: 1 }]);
    expect(lotsToRestock(lots, 0, 0)).toEqual([]);
  });
  it('gives each lot back at most what it gave while returns stay within what was bought', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 8 }),
        (sizes, parts) => {
          const given = sizes.map((number, i) => ({ lotId: i + 1, number }));
          const bought = sizes.reduce((s, n) => s + n, 0);
          const back = new Map<number, number>();
          let prior = 0;
          for (const p of parts) {
            const units = Math.min(p, bought - prior);
            const shares = lotsToRestock(given, prior, units);
            expect(shares.reduce((s, x) => s + x.number, 0)).toBe(units);
            for (const s of shares) back.set(s.lotId, (back.get(s.lotId) ?? 0) + s.number);
            prior += units;
          }
          for (const g of given) expect(back.get(g.lotId) ?? 0).toBeLessThanOrEqual(g.number);
        },
      ),
    );
  });
});

describe('transferReference', () => {
  it('is YP and eight characters without look-alikes', () => {
    for (let i = 0; i < 200; i++) expect(transferReference()).toMatch(REFERENCE_RE);
    expect(new Set(Array.from({ length: 200 }, transferReference)).size).toBe(200);
  });
});
