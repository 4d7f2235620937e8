// The lot a card's line receives (cards.ts cardOf): a lot-bound variant's own lot while it has
// stock, else the earliest expiry with stock; and the units on offer with it. Compared, for any
// lots and variant, with the plain reading of that rule over the lots with stock.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardOf, type Variant } from '#/server/catalog/cards.ts';
import type { GoodsSnapshot, Lot } from '#/server/goodsSnapshots.ts';

const lotsArb = fc.array(fc.integer({ min: -2, max: 3 }), { maxLength: 6 }).map((stocks) =>
  stocks.map(
    (stock, i): Lot => ({
      id: 100 + i,
      batchNo: `B${i}`,
      producedOn: '2025-01-01',
      expiresOn: `2027-0${i + 1}-01`,
      stock,
    }),
  ),
);

function snapshot(lots: Lot[], stock: number): GoodsSnapshot {
  return {
    row: {
      id: 1,
      drugClass: 'otc_a',
      isControlled: false,
      isBuy: true,
      innerPack: 1,
      mustMultiple: false,
      purchaseLimit: 0,
      bzdw: '盒',
      stock,
      basePrice: 1000,
      rankPrices: {},
    },
    promotions: { variants: [], fullReductions: [], gifts: [], combinations: [] },
    ladders: [],
    lots,
    rule: null,
    tags: [],
    documents: '',
  } as unknown as GoodsSnapshot;
}

const variant = (lotId: number | null): Variant => ({
  id: 7,
  kind: 'near_expiry',
  price: 500,
  lotId,
  userLimit: null,
  endsAt: new Date(Date.UTC(2030, 0, 1)),
});

describe('the lot a card receives', () => {
  it('is the variant lot with stock, else the first lot with stock', () => {
    fc.assert(
      fc.property(
        lotsArb,
        fc.integer({ min: 0, max: 50 }),
        fc.option(fc.option(fc.integer({ min: 99, max: 106 }), { nil: null }), { nil: undefined }),
        (lots, stock, lotId) => {
          const v = lotId === undefined ? null : variant(lotId);
          const card = cardOf(snapshot(lots, stock), null, v);
          const withStock = lots.filter((l) => l.stock > 0);
          const expected =
            (v?.lotId ? withStock.find((l) => l.id === v.lotId) : undefined) ??
            withStock[0] ??
            null;
          expect(card.lot).toBe(expected);
          expect(card.stock).toBe(v?.lotId && expected ? expected.stock : stock);
        },
      ),
    );
  });

  it('gives a lot-bound variant its own lot over an earlier one', () => {
    const lots = snapshot(
      [
        { id: 1, batchNo: 'A', producedOn: '2025-01-01', expiresOn: '2027-01-01', stock: 5 },
        { id: 2, batchNo: 'B', producedOn: '2025-01-01', expiresOn: '2027-06-01', stock: 3 },
      ],
      8,
    );
    expect(cardOf(lots, null, variant(2))).toMatchObject({ lot: { batchNo: 'B' }, stock: 3 });
    expect(cardOf(lots, null, null)).toMatchObject({ lot: { batchNo: 'A' }, stock: 8 });
  });
});
