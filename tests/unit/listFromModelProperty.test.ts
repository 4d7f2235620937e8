// The list's filter over the read model's columns (listFromModel.ts) must pick exactly the goods a
// plain reading of each filter over the goods objects picks, in the order asked, for any catalogue.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buyerBasePrice } from '#/lib/rankPrice.ts';
import { listFromModel } from '#/server/catalog/listFromModel.ts';
import { parseListQuery } from '#/server/catalog/query.ts';
import type { CatalogModel, GoodsSnapshot, VersionChange } from '#/server/goodsSnapshots.ts';

const LINES = ['general', 'yx', 'zy', 'qx'] as const;
// 'rx' is never held below, so a filter on it must match nothing.
const CLASSES = ['otc_a', 'otc_b', 'device_1'] as const;
const TAGS = ['秒', '新', '特'] as const;

const goodsArb = fc.record({
  line: fc.constantFrom(...LINES),
  categoryId: fc.integer({ min: 1, max: 4 }),
  manufacturerId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  brandId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  drugClass: fc.constantFrom(...CLASSES),
  stock: fc.integer({ min: 0, max: 3 }),
  basePrice: fc.integer({ min: 0, max: 3000 }),
  sales: fc.integer({ min: 0, max: 5 }),
  day: fc.integer({ min: 1, max: 28 }),
  tags: fc.subarray([...TAGS]),
  lotExpires: fc.option(fc.constantFrom('2026-11-20', '2027-06-01'), { nil: null }),
  // a member rank price (V3), sometimes above the base price (then the base price holds)
  rank3: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
});

// Each filter is left out three times in four, so most queries keep some goods to compare.
const sometimes = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });

const queryArb = fc
  .record({
    line: sometimes(fc.constantFrom(...LINES)),
    drug_class: sometimes(fc.constantFrom(...CLASSES, 'rx')),
    manufacturer: sometimes(fc.integer({ min: 1, max: 4 }).map(String)),
    brand: sometimes(fc.integer({ min: 1, max: 4 }).map(String)),
    in_stock: sometimes(fc.constant('1')),
    near_expiry: sometimes(fc.constant('1')),
    tag: sometimes(fc.constantFrom(...TAGS)),
    price_min: sometimes(fc.integer({ min: 0, max: 15 }).map(String)),
    price_max: sometimes(fc.integer({ min: 15, max: 30 }).map(String)),
    sort: fc.constantFrom('default', 'sales', 'price', 'newest'),
    order: fc.constantFrom('asc', 'desc'),
  })
  .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)));

type GeneratedGoods = typeof goodsArb extends fc.Arbitrary<infer T> ? T : never;

function catalogue(rows: GeneratedGoods[]): CatalogModel {
  const goods = rows.map((r, i) => {
    const id = i + 1;
    return {
      row: {
        id,
        line: r.line,
        categoryId: r.categoryId,
        manufacturerId: r.manufacturerId,
        brandId: r.brandId,
        drugClass: r.drugClass,
        stock: r.stock,
        basePrice: r.basePrice,
        rankPrices: r.rank3 === null ? {} : { '3': r.rank3 },
        sales: r.sales,
        createdAt: new Date(Date.UTC(2026, 0, r.day)),
      },
      promotions: { variants: [], fullReductions: [], gifts: [], combinations: [] },
      ladders: [],
      lots: r.lotExpires
        ? [
            {
              id: id * 10,
              batchNo: 'B',
              producedOn: '2025-01-01',
              expiresOn: r.lotExpires,
              stock: r.stock,
            },
          ]
        : [],
      rule: null,
      tags: r.tags,
    } as unknown as GoodsSnapshot;
  });
  return {
    goods: new Map(goods.map((g) => [g.row.id, g])),
    version: 1,
    searchVersion: 1,
    recentChanges: [],
  };
}

describe('the list filter over columns', () => {
  it('matches a plain filter over the goods, in the order asked, with the total', () => {
    let version = 1;
    fc.assert(
      fc.property(
        fc.array(goodsArb, { minLength: 5, maxLength: 40 }),
        queryArb,
        fc.option(fc.subarray([1, 2, 3, 4], { minLength: 1 }), { nil: null }),
        fc.constantFrom(null, 1, 3),
        (rows, query, categories, rank) => {
          const model = { ...catalogue(rows), version: version++ };
          const q = parseListQuery({ ...query, per_page: '100' });
          const input = {
            categories: categories && new Set(categories),
            ranked: null,
            nearExpiryBefore: '2026-12-01',
            rank,
          };
          const got = listFromModel(model, q, input);
          const price = (g: GoodsSnapshot['row']) => buyerBasePrice(g, rank);

          const all = [...model.goods.values()];
          const want = all
            .filter((s) => {
              const g = s.row;
              return (
                (!q.line || g.line === q.line) &&
                (!input.categories || input.categories.has(g.categoryId)) &&
                (!q.manufacturer || g.manufacturerId === q.manufacturer) &&
                (!q.brand || g.brandId === q.brand) &&
                (!q.drug_class || g.drugClass === q.drug_class) &&
                (q.in_stock !== '1' || g.stock > 0) &&
                (q.near_expiry !== '1' ||
                  s.lots.some((l) => l.stock > 0 && l.expiresOn < input.nearExpiryBefore)) &&
                (!q.tag || s.tags.includes(q.tag)) &&
                (q.price_min === undefined || price(g) >= q.price_min) &&
                (q.price_max === undefined || price(g) <= q.price_max)
              );
            })
            .map((s) => s.row.id);
          expect(got.total).toBe(want.length);
          expect([...got.ids].sort((a, b) => a - b)).toEqual(want.slice().sort((a, b) => a - b));
          // the order asked: each neighbour pair is in order by the sort's key
          const byId = new Map(all.map((s) => [s.row.id, s.row]));
          const key = (id: number) => {
            const g = byId.get(id)!;
            if (q.sort === 'price') return (q.order === 'desc' ? -1 : 1) * price(g);
            if (q.sort === 'newest') return (q.order === 'asc' ? 1 : -1) * g.createdAt.getTime();
            return (q.sort === 'sales' && q.order === 'asc' ? 1 : -1) * g.sales;
          };
          for (let i = 1; i < got.ids.length; i++)
            expect(key(got.ids[i - 1]!)).toBeLessThanOrEqual(key(got.ids[i]!));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the list over a model that changes in place, as polls change it', () => {
  it('keeps every order exact through changed, added and removed goods', () => {
    fc.assert(
      fc.property(
        fc.array(goodsArb, { minLength: 5, maxLength: 60 }),
        fc.array(
          fc.record({
            at: fc.nat(),
            sales: fc.integer({ min: 0, max: 5 }),
            basePrice: fc.integer({ min: 0, max: 3000 }),
            stock: fc.integer({ min: 0, max: 3 }),
            kind: fc.constantFrom('change', 'change', 'change', 'add', 'remove', 'readd'),
            // whether the list is asked after this edit (if not, the next ask spans two versions)
            asked: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
        fc.constantFrom('default', 'sales', 'price', 'newest'),
        fc.constantFrom('asc', 'desc'),
        // whether the model records which goods each version changed, as polls do
        fc.boolean(),
        (rows, edits, sort, order, recorded) => {
          const model = catalogue(rows);
          model.version = Math.floor(Math.random() * 1e9);
          const q = parseListQuery({ sort, order, per_page: '100' });
          const input = { categories: null, ranked: null, nearExpiryBefore: '2026-12-01' };
          const goods = model.goods as Map<number, GoodsSnapshot>;
          // The SQL's orders written out plainly, ties by id (newest: the later id first).
          const value = (g: GoodsSnapshot['row']) =>
            sort === 'price' ? g.basePrice : sort === 'newest' ? g.createdAt.getTime() : g.sales;
          const dir =
            sort === 'price'
              ? order === 'desc'
                ? -1
                : 1
              : sort === 'default' || order !== 'asc'
                ? -1
                : 1;
          const tie = sort === 'newest' ? -1 : 1;
          const check = () => {
            const want = [...goods.values()]
              .map((s) => s.row)
              .sort((a, b) => dir * (value(a) - value(b)) || tie * (a.id - b.id))
              .map((g) => g.id);
            expect(listFromModel(model, q, input).ids).toEqual(want.slice(0, 100));
          };
          check();
          const template = [...goods.values()][0]!;
          const removed: GoodsSnapshot[] = [];
          let nextId = rows.length + 1;
          for (const [n, e] of edits.entries()) {
            const ids = [...goods.keys()];
            let id: number;
            if (e.kind === 'readd' && removed.length) {
              // back on sale: the model appends it, after goods with higher ids
              const s = removed.splice(e.at % removed.length, 1)[0]!;
              id = s.row.id;
              goods.set(id, { ...s, row: { ...s.row, sales: e.sales } });
            } else if (e.kind === 'add' || e.kind === 'readd' || ids.length === 0) {
              id = nextId++;
              goods.set(id, {
                ...template,
                row: { ...template.row, id, sales: e.sales, basePrice: e.basePrice },
              });
            } else {
              id = ids[e.at % ids.length]!;
              const s = goods.get(id)!;
              if (e.kind === 'remove') {
                goods.delete(id);
                removed.push(s);
              } else
                goods.set(id, {
                  ...s,
                  row: { ...s.row, sales: e.sales, basePrice: e.basePrice, stock: e.stock },
                });
            }
            model.version++;
            if (recorded)
              (model.recentChanges as VersionChange[]).push({ version: model.version, ids: [id] });
            if (e.asked || n === edits.length - 1) check();
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
