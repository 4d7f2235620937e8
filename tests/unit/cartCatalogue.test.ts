// The cart's two catalogues (cart/catalogue.ts): the read model the cart screens use must give
// the same goods, ladders, rules and running promotions as the database an order reads, promotion
// windows included (running, not started, ended, open-ended), and see this process's own writes
// at once, each request from one snapshot.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartCatalogue } from '#/server/cart/catalogue.ts';
import { memoryDb } from '../support/memoryDb.ts';

describe('the cart reads the same from the read model as from the database', () => {
  let env: Awaited<ReturnType<typeof memoryDb>>;
  let database: CartCatalogue;
  let readModel: () => CartCatalogue;
  let invalidate: typeof import('#/server/cache.ts').invalidate;
  const ids: number[] = [];

  beforeAll(async () => {
    env = await memoryDb();
    const { db } = env;
    await db.execute(
      sql`INSERT INTO manufacturers (id, name, initials, pinyin) VALUES (1, '测试药业', 'csyy', 'ceshiyaoye')`,
    );
    await db.execute(
      sql`INSERT INTO categories (id, line, name) VALUES (1, 'general', '感冒用药')`,
    );
    for (const [code, controlled] of [
      ['C1', false],
      ['C2', true],
      ['C3', false],
      ['C4', false],
    ] as const) {
      const r = await db.execute(sql`
        INSERT INTO goods (code, name, spec, manufacturer_id, sccj, drug_class, bzdw, category_id, line,
                           base_price, rank_prices, stock, is_controlled, tags,
                           name_initials, name_pinyin, sccj_initials, sccj_pinyin)
        VALUES (${code}, '感冒灵颗粒', '10g*9袋', 1, '测试药业', 'otc_a', '盒', 1, 'general',
                1200, '{"3": 1100}', 0, ${controlled}, '{"新品"}',
                'gmlkl', 'ganmaolingkeli', 'csyy', 'ceshiyaoye') RETURNING id`);
      ids.push(Number((r as unknown as { rows: { id: number }[] }).rows[0]!.id));
    }
    const [a, b, c, d] = ids as [number, number, number, number];
    await db.execute(sql`INSERT INTO goods_lots (goods_id, batch_no, produced_on, expires_on, stock) VALUES
      (${a}, 'A1', '2025-01-01', '2027-01-01', 40), (${a}, 'A2', '2025-06-01', '2026-12-20', 7),
      (${b}, 'B1', '2025-01-01', '2026-12-15', 5), (${c}, 'C1', '2025-01-01', '2026-12-10', 9),
      (${d}, 'D1', '2025-01-01', '2028-01-01', 12)`);
    const lot = async (batch: string) =>
      Number(
        (
          (await db.execute(
            sql`SELECT id FROM goods_lots WHERE batch_no = ${batch}`,
          )) as unknown as {
            rows: { id: number }[];
          }
        ).rows[0]!.id,
      );
    await db.execute(sql`INSERT INTO ladder_prices (goods_id, min_number, price) VALUES
      (${a}, 50, 1000), (${a}, 10, 1100), (${c}, 5, 1150)`);
    await db.execute(sql`INSERT INTO controlled_rules (goods_id, regions, customer_types, company_ids)
      VALUES (${b}, '{"湖北省"}', '{"clinic"}', '{}'), (${c}, '{"广东省"}', '{}', '{}')`);
    await db.execute(sql`INSERT INTO manjian_activities (id, name, tiers, starts_at, ends_at) VALUES
      (1, '满100减10', '[{"amount":10000,"reduce":1000}]', now() - interval '1 day', now() + interval '1 day'),
      (2, '满200减30', '[{"amount":20000,"reduce":3000}]', now() + interval '1 day', now() + interval '2 days'),
      (3, '满50减5', '[{"amount":5000,"reduce":500}]', now() - interval '1 day', now() + interval '3 days')`);
    await db.execute(sql`INSERT INTO manjian_goods (activity_id, goods_id) VALUES
      (3, ${a}), (1, ${a}), (2, ${b}), (1, ${c})`);
    await db.execute(sql`INSERT INTO gift_rules (goods_id, gift_name, buy_number, gift_number, max_total, starts_at, ends_at) VALUES
      (${a}, '口罩', 10, 1, 5, now() - interval '1 day', NULL),
      (${a}, '纸巾', 5, 1, NULL, now() - interval '2 days', now() + interval '1 day'),
      (${b}, '湿巾', 3, 1, NULL, now() - interval '2 days', now() - interval '1 day'),
      (${c}, '棉签', 2, 1, NULL, now() + interval '1 day', NULL)`);
    await db.execute(sql`INSERT INTO goods_prices (goods_id, kind, price, lot_id, user_limit, starts_at, ends_at) VALUES
      (${a}, 'near_expiry', 600, ${await lot('A2')}, NULL, now() - interval '1 day', now() + interval '1 day'),
      (${a}, 'flash', 900, NULL, 2, now() - interval '1 day', now() + interval '1 day'),
      (${b}, 'near_expiry', 500, ${await lot('B1')}, NULL, now() + interval '1 day', now() + interval '2 days'),
      (${c}, 'near_expiry', 700, ${await lot('C1')}, NULL, now() - interval '1 day', now() + interval '1 day')`);
    const model = await import('#/server/goodsSnapshots.ts');
    await model.loadedCatalogModel();
    ({ invalidate } = await import('#/server/cache.ts'));
    const { databaseCatalogue, readModelCatalogue } = await import('#/server/cart/catalogue.ts');
    database = databaseCatalogue(db);
    readModel = readModelCatalogue;
  }, 60_000);

  const byNumber = (l: { number: number }[]) => [...l].sort((x, y) => x.number - y.number);
  const comparable = (m: Awaited<ReturnType<CartCatalogue['goods']>>) =>
    new Map([...m].map(([id, g]) => [id, { ...g, ladder: byNumber(g.ladder) }]));

  it('goods: rows, stock from the lots, ladders, controlled rules only where the goods is controlled, tags', async () => {
    const fromDb = await database.goods([...ids, 99_999]);
    expect(fromDb.size).toBe(4);
    expect(fromDb.get(ids[0]!)!.stock).toBe(47);
    expect(fromDb.get(ids[1]!)!.controlled).not.toBeNull();
    expect(fromDb.get(ids[2]!)!.controlled).toBeNull();
    expect(comparable(await readModel().goods([...ids, 99_999]))).toEqual(comparable(fromDb));
  });

  it('running promotions: 满减 membership, gift rules, discounted near-expiry stock', async () => {
    const [a, , c] = ids as [number, number, number];
    const membership = await database.fullReductionIds(ids);
    expect(membership.get(a)).toEqual([1, 3]);
    expect(membership.get(c)).toEqual([1]);
    expect(await readModel().fullReductionIds(ids)).toEqual(membership);

    const gifts = await database.gifts(ids);
    expect([...gifts.keys()]).toEqual([a]);
    expect(gifts.get(a)!.name).toBe('口罩');
    expect(await readModel().gifts(ids)).toEqual(gifts);

    const held = await database.discountedStock(ids);
    expect(held).toEqual(
      new Map([
        [a, 7],
        [c, 9],
      ]),
    );
    expect(await readModel().discountedStock(ids)).toEqual(held);

    const activities = await database.activities([3, 1], ids);
    expect(activities.map((x) => x.id)).toEqual([1, 3]);
    expect(await readModel().activities([3, 1], ids)).toEqual(activities);
  });

  it("sees this process's own writes at once (an order took stock, a price changed)", async () => {
    const { db } = env;
    const [, , , d] = ids as [number, number, number, number];
    const request = readModel();
    const seen = (await request.goods([d])).get(d)!;
    await db.execute(sql`UPDATE goods_lots SET stock = stock - 5 WHERE goods_id = ${d}`);
    await db.execute(sql`UPDATE goods SET base_price = 1500 WHERE id = ${d}`);
    invalidate({ goods: [d] });
    const g = (await readModel().goods([d])).get(d)!;
    expect(g.stock).toBe(7);
    expect(g.basePrice).toBe(1500);
    // One request reads one snapshot of each goods: its later reads do not mix in the write.
    expect((await request.goods([d])).get(d)).toEqual(seen);
    expect(seen.stock).toBe(12);
    expect(comparable(await readModel().goods([d]))).toEqual(comparable(await database.goods([d])));
  });
});
