// The catalogue read model: lists answered from memory in the SQL's order and filters, and a write
// that no one announced (another process, the ERP) reaching the model through the change log.
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogModel, GoodsSnapshot } from '#/server/goodsSnapshots.ts';
import { listFromModel, type ModelListInput } from '#/server/catalog/listFromModel.ts';
import { parseListQuery } from '#/server/catalog/query.ts';
import { gspDocuments } from '#/server/db/schema/index.ts';
import { unpackDocuments } from '#/server/gsp/heldDocuments.ts';
import { memoryDb } from '../support/memoryDb.ts';

function snapshot(
  id: number,
  over: Partial<GoodsSnapshot['row']> = {},
  extra: Partial<GoodsSnapshot> = {},
) {
  return {
    row: {
      id,
      line: 'general',
      categoryId: 1,
      manufacturerId: 1,
      brandId: null,
      drugClass: 'otc_a',
      stock: 10,
      basePrice: 1000,
      sales: 0,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      tags: [],
      ...over,
    },
    promotions: { variants: [], fullReductions: [], gifts: [], combinations: [] },
    ladders: [],
    lots: [],
    rule: null,
    tags: [],
    ...extra,
  } as unknown as GoodsSnapshot;
}

const modelOf = (...goods: GoodsSnapshot[]): CatalogModel => ({
  goods: new Map(goods.map((g) => [g.row.id, g])),
  version: 1,
  searchVersion: 1,
  recentChanges: [],
});

const noExtra: ModelListInput = { categories: null, ranked: null, nearExpiryBefore: '2026-12-01' };
const ids = (model: CatalogModel, q: Record<string, unknown>, input = noExtra) =>
  listFromModel(model, parseListQuery(q), input);

describe('lists from the read model', () => {
  const model = modelOf(
    snapshot(1, { sales: 5, basePrice: 300 }),
    snapshot(2, { sales: 9, basePrice: 100, stock: 0, createdAt: new Date('2026-03-01') }),
    snapshot(3, { sales: 5, basePrice: 200, line: 'zy', drugClass: 'rx' }, { tags: ['秒'] }),
    snapshot(
      4,
      { sales: 1, basePrice: 100, createdAt: new Date('2026-03-01') },
      {
        lots: [
          { id: 9, batchNo: 'A', producedOn: '2025-01-01', expiresOn: '2026-11-30', stock: 3 },
        ],
      },
    ),
  );

  it('orders as the SQL does, ties by id (newest: the later id first)', () => {
    expect(ids(model, {}).ids).toEqual([2, 1, 3, 4]);
    expect(ids(model, { sort: 'sales', order: 'asc' }).ids).toEqual([4, 1, 3, 2]);
    expect(ids(model, { sort: 'price' }).ids).toEqual([2, 4, 3, 1]);
    expect(ids(model, { sort: 'price', order: 'desc' }).ids).toEqual([1, 3, 2, 4]);
    expect(ids(model, { sort: 'newest' }).ids).toEqual([4, 2, 3, 1]);
  });

  it('filters by line, drug class, tag, stock, near expiry and price, and counts all matches', () => {
    expect(ids(model, { zy: '2' }).ids).toEqual([3]);
    expect(ids(model, { drug_class: 'rx' }).ids).toEqual([3]);
    expect(ids(model, { tag: '秒' }).ids).toEqual([3]);
    expect(ids(model, { in_stock: '1' }).ids).toEqual([1, 3, 4]);
    expect(ids(model, { near_expiry: '1' }).ids).toEqual([4]);
    expect(ids(model, { price_min: '1.5', price_max: '2.5' }).ids).toEqual([3]);
    expect(ids(model, { per_page: 2, page: 2 })).toEqual({ ids: [3, 4], total: 4 });
    expect(ids(model, {}, { ...noExtra, categories: new Set([7]) })).toEqual({ ids: [], total: 0 });
  });

  it('keeps the search ranking unless a sort is asked for, and drops ids it does not hold', () => {
    const ranked = { ...noExtra, ranked: [4, 99, 1, 2] };
    expect(ids(model, {}, ranked).ids).toEqual([4, 1, 2]);
    expect(ids(model, { sort: 'price' }, ranked).ids).toEqual([2, 4, 1]);
  });
});

describe('the read model and its change log', () => {
  let env: Awaited<ReturnType<typeof memoryDb>>;
  let model: typeof import('#/server/goodsSnapshots.ts');
  let goodsId = 0;

  beforeAll(async () => {
    env = await memoryDb();
    model = await import('#/server/goodsSnapshots.ts');
    const { db } = env;
    await db.execute(
      sql`INSERT INTO manufacturers (id, name, initials, pinyin) VALUES (1, '测试药业', 'csyy', 'ceshiyaoye')`,
    );
    await db.execute(
      sql`INSERT INTO categories (id, line, name) VALUES (1, 'general', '感冒用药')`,
    );
    const r = await db.execute(sql`
      INSERT INTO goods (code, name, spec, manufacturer_id, sccj, drug_class, bzdw, category_id, line, base_price, stock,
                         name_initials, name_pinyin, sccj_initials, sccj_pinyin)
      VALUES ('T1', '感冒灵颗粒', '10g*9袋', 1, '测试药业', 'otc_a', '盒', 1, 'general', 1200, 30,
              'gmlkl', 'ganmaolingkeli', 'csyy', 'ceshiyaoye') RETURNING id`);
    goodsId = Number((r as unknown as { rows: { id: number }[] }).rows[0]!.id);
  }, 60_000);

  it('logs the goods a write touched, also through an activity that names many goods', async () => {
    const { db } = env;
    await db.execute(sql`DELETE FROM catalog_changes`);
    await db.execute(sql`INSERT INTO manjian_activities (id, name, tiers, starts_at, ends_at)
      VALUES (1, '满100减10', '[{"amount":10000,"reduce":1000}]', now(), now() + interval '1 day')`);
    await db.execute(sql`INSERT INTO manjian_goods (activity_id, goods_id) VALUES (1, ${goodsId})`);
    await db.execute(sql`DELETE FROM catalog_changes`);
    await db.execute(
      sql`UPDATE manjian_activities SET ends_at = now() + interval '2 days' WHERE id = 1`,
    );
    const logged = await db.execute(sql`SELECT goods_id FROM catalog_changes`);
    expect((logged as unknown as { rows: { goods_id: number }[] }).rows).toEqual([
      { goods_id: goodsId },
    ]);
  });

  it('shows a write nobody announced after the next poll, and a new goods at once', async () => {
    const { db } = env;
    expect((await model.goodsSnapshot(goodsId))?.row.basePrice).toBe(1200);
    await expect
      .poll(() => model.catalogModel()?.goods.has(goodsId), { timeout: 5_000 })
      .toBe(true);
    await db.execute(sql`UPDATE goods SET base_price = 990 WHERE id = ${goodsId}`);
    expect(model.catalogModel()?.goods.get(goodsId)?.row.basePrice).toBe(1200);
    await expect
      .poll(() => model.catalogModel()?.goods.get(goodsId)?.row.basePrice, { timeout: 5_000 })
      .toBe(990);

    const r = await db.execute(sql`
      INSERT INTO goods (code, name, spec, manufacturer_id, sccj, drug_class, bzdw, category_id, line, base_price,
                         name_initials, name_pinyin, sccj_initials, sccj_pinyin)
      VALUES ('T2', '板蓝根颗粒', '10g*20袋', 1, '测试药业', 'otc_a', '袋', 1, 'general', 800,
              'blgkl', 'banlangenkeli', 'csyy', 'ceshiyaoye') RETURNING id`);
    const added = Number((r as unknown as { rows: { id: number }[] }).rows[0]!.id);
    expect((await model.goodsSnapshot(added))?.row.name).toBe('板蓝根颗粒');
  });

  it("keeps serving lists while a bulk job's writes wait for the poll; an editor's own write is read fresh", async () => {
    const { db } = env;
    const { invalidate } = await import('#/server/cache.ts');
    await expect.poll(() => model.catalogModel() !== null, { timeout: 5_000 }).toBe(true);
    await db.execute(sql`UPDATE goods SET base_price = 880 WHERE id = ${goodsId}`);
    invalidate({ goods: [goodsId], bulk: true });
    // Still in use (lists stay in memory), with the goods as it was until the poll brings it.
    expect(model.catalogModel()?.goods.get(goodsId)?.row.basePrice).toBe(990);
    await expect
      .poll(() => model.catalogModel()?.goods.get(goodsId)?.row.basePrice, { timeout: 5_000 })
      .toBe(880);

    await db.execute(sql`UPDATE goods SET base_price = 770 WHERE id = ${goodsId}`);
    invalidate({ goods: [goodsId] });
    expect(model.catalogModel()).toBeNull();
    expect((await model.goodsSnapshot(goodsId))?.row.basePrice).toBe(770);
  });

  it("holds a goods' documents written by anyone, and logs no goods for the shop's own", async () => {
    const { db } = env;
    const logged = async () =>
      (
        (await db.execute(sql`SELECT goods_id FROM catalog_changes`)) as unknown as {
          rows: { goods_id: number }[];
        }
      ).rows;
    const held = () => {
      const packed = model.catalogModel()?.goods.get(goodsId)?.documents;
      return packed === undefined ? undefined : unpackDocuments(packed);
    };
    // What the documents API reads of them (drizzle's own mapping of the row).
    const rows = () =>
      db
        .select({
          id: gspDocuments.id,
          lotId: gspDocuments.lotId,
          kind: gspDocuments.kind,
          validUntil: gspDocuments.validUntil,
          uploadedAt: gspDocuments.uploadedAt,
        })
        .from(gspDocuments)
        .where(eq(gspDocuments.goodsId, goodsId))
        .orderBy(asc(gspDocuments.id));
    await expect.poll(held, { timeout: 5_000 }).toEqual([]);

    await db.execute(sql`DELETE FROM catalog_changes`);
    await db.execute(sql`INSERT INTO gsp_documents (goods_id, kind, file, valid_until, uploaded_by)
      VALUES (NULL, 'business_licence', 'shop.pdf', NULL, 1)`);
    expect(await logged()).toEqual([]);
    await db.execute(sql`INSERT INTO gsp_documents (goods_id, kind, file, valid_until, uploaded_by, uploaded_at)
      VALUES (${goodsId}, 'gmp', 'gmp.pdf', '2030-01-31', 1, '2026-11-02 09:15:42.123987+08'),
             (${goodsId}, 'packaging', 'pack.pdf', NULL, 1, now())`);
    const lot =
      await db.execute(sql`INSERT INTO goods_lots (goods_id, batch_no, produced_on, expires_on, stock)
      VALUES (${goodsId}, 'B2611', '2026-11-01', '2028-10-31', 5) RETURNING id`);
    const lotId = Number((lot as unknown as { rows: { id: number }[] }).rows[0]!.id);
    await db.execute(sql`INSERT INTO gsp_documents (goods_id, lot_id, kind, file, uploaded_by)
      VALUES (${goodsId}, ${lotId}, 'test_report', 'report.pdf', 1)`);
    expect(await logged()).toContainEqual({ goods_id: goodsId });
    await expect
      .poll(() => held()?.map((d) => [d.kind, d.validUntil, d.lotId]), { timeout: 5_000 })
      .toEqual([
        ['gmp', '2030-01-31', null],
        ['packaging', null, null],
        ['test_report', null, lotId],
      ]);
    expect(held()).toEqual(await rows());
    expect(held()?.[0]?.uploadedAt.toISOString()).toBe('2026-11-02T01:15:42.123Z');

    await db.execute(sql`DELETE FROM gsp_documents WHERE goods_id = ${goodsId}`);
    await expect.poll(held, { timeout: 5_000 }).toEqual([]);
  });
});
