import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#/server/db/client.ts';
import {
  ads,
  activities,
  cashbackRules,
  categories,
  combinationItems,
  combinations,
  companies,
  controlledRules,
  giftRules,
  goods,
  goodsLots,
  goodsPrices,
  manjianActivities,
  manjianGoods,
} from '#/server/db/schema/index.ts';
import { NEAR_EXPIRY_DAYS } from '#/lib/constants.ts';
import { createRandom } from '#/lib/seededRandom.ts';
import { COMBOS, THEME } from './themes.ts';

const DAY = 24 * 3600 * 1000;

/**
 * Promotions over the seeded goods. Its own random stream, so the catalogue's rows never depend
 * on it. Themed promotions (combinations, 满减, zones, activities) draw only from the goods their
 * theme names (themes.ts); price variants and gifts may fall on any goods. Windows are wide (a
 * year) so a long-running demo keeps its zones filled.
 */
export async function seedPromotions(db: Db): Promise<void> {
  const rnd = createRandom(3_2026);
  const now = Date.now();
  const startsAt = new Date(now - DAY);
  const endsAt = new Date(now + 365 * DAY);
  const all = await db
    .select({
      id: goods.id,
      basePrice: goods.basePrice,
      isControlled: goods.isControlled,
      line: goods.line,
      stock: goods.stock,
      sales: goods.sales,
      brandId: goods.brandId,
      drugClass: goods.drugClass,
      isEphedrine: goods.isEphedrine,
      category: categories.name,
    })
    .from(goods)
    .innerJoin(categories, eq(categories.id, goods.categoryId))
    .orderBy(asc(goods.id));
  if (!all.length) return;
  const buyable = all.filter((g) => !g.isControlled && g.stock > 0);
  const take = (n: number, from = buyable) => {
    const out: typeof all = [];
    const used = new Set<number>();
    while (out.length < Math.min(n, from.length)) {
      const g = rnd.pick(from);
      if (!used.has(g.id)) {
        used.add(g.id);
        out.push(g);
      }
    }
    return out;
  };

  // 控销: a third visible in the demo pharmacy's province, a third only in 广东省, a third
  // only for clinics plus the chain's first store on the allow-list.
  const [chainStore] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, '益康连锁药房（光谷店）'))
    .limit(1);
  const controlled = all.filter((g) => g.isControlled);
  if (controlled.length) {
    await db.insert(controlledRules).values(
      controlled.map((g, i) =>
        i % 3 === 0
          ? { goodsId: g.id, regions: ['湖北省'] }
          : i % 3 === 1
            ? { goodsId: g.id, regions: ['广东省'] }
            : {
                goodsId: g.id,
                customerTypes: ['clinic'],
                companyIds: chainStore ? [chainStore.id] : [],
              },
      ),
    );
  }

  const priceRows: (typeof goodsPrices.$inferInsert)[] = [];
  for (const g of take(16))
    priceRows.push({
      goodsId: g.id,
      kind: 'flash',
      price: Math.floor(g.basePrice * 0.8),
      userLimit: 5,
      startsAt,
      endsAt,
    });
  for (const g of take(16))
    priceRows.push({
      goodsId: g.id,
      kind: 'daily_special',
      price: Math.floor(g.basePrice * 0.85),
      userLimit: 20,
      startsAt,
      endsAt,
    });
  // The 一价到底 activity below lists exactly these goods, at these prices.
  const yjGoods = take(10);
  for (const g of yjGoods)
    priceRows.push({
      goodsId: g.id,
      kind: 'yj',
      price: Math.floor(g.basePrice * 0.9),
      startsAt,
      endsAt,
    });
  // 近效期: every lot under NEAR_EXPIRY_DAYS sells at 70 % of the base price.
  const nearLots = await db
    .select({ lotId: goodsLots.id, goodsId: goodsLots.goodsId, basePrice: goods.basePrice })
    .from(goodsLots)
    .innerJoin(goods, eq(goods.id, goodsLots.goodsId))
    .where(
      and(
        lt(goodsLots.expiresOn, sql`(current_date + ${NEAR_EXPIRY_DAYS}::int)`),
        eq(goods.isControlled, false),
      ),
    )
    .orderBy(asc(goodsLots.id))
    .limit(400);
  for (const l of nearLots)
    priceRows.push({
      goodsId: l.goodsId,
      kind: 'near_expiry',
      price: Math.floor(l.basePrice * 0.7),
      lotId: l.lotId,
      startsAt,
      endsAt,
    });
  for (let i = 0; i < priceRows.length; i += 500)
    await db.insert(goodsPrices).values(priceRows.slice(i, i + 500));

  const mj = await db
    .insert(manjianActivities)
    .values([
      {
        name: '冬季感冒用药满减',
        tiers: [
          { amount: 30000, reduce: 1500 },
          { amount: 60000, reduce: 4000 },
          { amount: 100000, reduce: 8000 },
        ],
        startsAt,
        endsAt,
      },
      {
        name: '中药饮片满减',
        tiers: [
          { amount: 50000, reduce: 3000 },
          { amount: 120000, reduce: 9000 },
        ],
        startsAt,
        endsAt,
      },
      {
        name: '器械耗材满减',
        tiers: [
          { amount: 20000, reduce: 1000 },
          { amount: 50000, reduce: 3000 },
        ],
        startsAt,
        endsAt,
      },
    ])
    .returning({ id: manjianActivities.id });
  const byLine = (line: string) => buyable.filter((g) => g.line === line);
  const themed = (fits: (g: (typeof all)[number]) => boolean) => buyable.filter(fits);
  const mjSets = [take(40, themed(THEME.cold)), take(30, byLine('zy')), take(30, byLine('qx'))];
  const mjRows = mjSets.flatMap((set, i) =>
    set.map((g) => ({ activityId: mj[i]!.id, goodsId: g.id })),
  );
  if (mjRows.length) await db.insert(manjianGoods).values(mjRows);

  await db.insert(giftRules).values(
    take(30).map((g, i) => ({
      goodsId: g.id,
      giftName: ['医用口罩10只装', '维生素C含片1盒', '棉签1包'][i % 3]!,
      buyNumber: [10, 20, 5][i % 3]!,
      giftNumber: 1,
      maxTotal: 10,
    })),
  );

  // Each slot takes the best seller of its categories (no 含麻 goods: they order apart).
  const bestSellers = buyable.filter((g) => !g.isEphedrine).sort((a, b) => b.sales - a.sales);
  for (const theme of COMBOS) {
    const items = theme.slots.flatMap((slot) => {
      const g = bestSellers.find((x) => slot.categories.includes(x.category));
      return g ? [{ g, number: slot.number }] : [];
    });
    if (items.length < 2) continue;
    const list = items.reduce((s, i) => s + i.g.basePrice * i.number, 0);
    const [c] = await db
      .insert(combinations)
      .values({ name: theme.name, packPrice: Math.floor(list * 0.9) })
      .returning({ id: combinations.id });
    await db
      .insert(combinationItems)
      .values(items.map((i) => ({ combinationId: c!.id, goodsId: i.g.id, number: i.number })));
  }

  // Ad slots of the zones (the content seed owns top, right and login).
  await db.insert(ads).values([
    // The home page's zone entries (the header's nav links lead to the same zones).
    { slot: 'focus', title: '近效期专场', url: '/jxqzc', image: '', sort: 0 },
    { slot: 'focus', title: '全场9.4折', url: '/welfare', image: '', sort: 1 },
    { slot: 'focus', title: '每日特价 限时抢购', url: '/mrtj', image: '', sort: 2 },
    { slot: 'focus', title: '组合购 更省心', url: '/zhzq', image: '', sort: 3 },
    {
      slot: 'kxzq',
      title: '控销新品上市',
      url: '/kxzq/new',
      image: '',
      sort: 0,
    },
    { slot: 'kxzq', title: '区域独家品种', url: '/kxzq', image: '', sort: 1 },
    {
      slot: 'ppzq',
      title: '品牌直供 正品保障',
      url: '/ppzq',
      image: '',
      sort: 0,
    },
    {
      slot: 'post',
      title: '满额返现 最高返150元',
      url: '/hb',
      image: '',
      sort: 0,
    },
    { slot: 'post', title: '全场9.4折', url: '/welfare', image: '', sort: 1 },
    { slot: 'demo', title: '近效期专场', url: '/jxqzc', image: '', sort: 0 },
    {
      slot: 'activity',
      title: '年终盛典（敬请期待）',
      url: '',
      image: '',
      sort: 0,
    },
  ]);

  await db.insert(cashbackRules).values([
    { amount: 100000, back: 2000 },
    { amount: 300000, back: 8000 },
    { amount: 500000, back: 15000 },
  ]);

  const ids = (n: number, from = buyable) => take(n, from).map((g) => g.id);
  await db.insert(activities).values([
    {
      kind: 'yjh',
      title: '一价到底 品牌特惠',
      intro: '精选品牌药一价到底，限时供应',
      url: '/yjh/1',
      goodsIds: yjGoods.map((g) => g.id),
      sort: 0,
      startsAt,
      endsAt,
    },
    {
      kind: 'yjh',
      title: '冬季呼吸道专场',
      intro: '止咳化痰、感冒用药集中采购',
      url: '/yjh/2',
      goodsIds: ids(24, themed(THEME.respiratory)),
      sort: 1,
      startsAt,
      endsAt,
    },
    {
      kind: 'hdzx',
      title: '新品首发',
      intro: '本月上新品种',
      url: '/Hdzx/3,4,5/3',
      goodsIds: ids(20),
      sort: 0,
      startsAt,
      endsAt,
    },
    {
      kind: 'hdzx',
      title: '爆款返场',
      intro: '热销品种返场特惠',
      url: '/Hdzx/3,4,5/4',
      goodsIds: [...buyable]
        .sort((a, b) => b.sales - a.sales)
        .slice(0, 20)
        .map((g) => g.id),
      sort: 1,
      startsAt,
      endsAt,
    },
    {
      kind: 'hdzx',
      title: '季末清仓',
      intro: '季末清仓 低至7折',
      url: '/Hdzx/3,4,5/5',
      goodsIds: ids(20),
      sort: 2,
      startsAt,
      endsAt,
    },
    {
      kind: 'zqmb',
      title: '专区活动 · 慢病用药',
      intro: '高血压、糖尿病常用药',
      url: '/zqmb',
      goodsIds: ids(20, themed(THEME.chronic)),
      sort: 0,
      startsAt,
      endsAt,
    },
    {
      kind: 'hdmb',
      title: '活动专题 · 家庭药箱',
      intro: '家庭常备药品一站配齐',
      url: '/hdmb',
      goodsIds: ids(20, themed(THEME.homeKit)),
      sort: 0,
      startsAt,
      endsAt,
    },
    {
      kind: 'yyh',
      title: '医生供药',
      intro: '诊所常用处方药、器械',
      url: '/yyh/list',
      goodsIds: ids(30, themed(THEME.clinic)),
      sort: 0,
      startsAt,
      endsAt,
    },
    {
      kind: 'group',
      title: '连锁团购 · 感冒药',
      intro: '满 10 家门店成团',
      url: '/group/9',
      goodsIds: ids(12, themed(THEME.cold)),
      sort: 0,
      startsAt,
      endsAt,
    },
    {
      kind: 'group',
      title: '连锁团购 · 维矿',
      intro: '满 5 家门店成团',
      url: '/group/10',
      goodsIds: ids(12, themed(THEME.vitamins)),
      sort: 1,
      startsAt,
      endsAt,
    },
    {
      kind: 'group',
      title: '连锁团购 · 即将开始',
      intro: '敬请期待',
      url: '',
      goodsIds: [],
      sort: 2,
      startsAt: new Date(now + 30 * DAY),
      endsAt,
    },
    {
      kind: 'ab',
      title: 'A组 · 高毛利品种',
      intro: '',
      url: '',
      goodsIds: ids(12),
      sort: 0,
      startsAt,
      endsAt,
    },
    {
      kind: 'ab',
      title: 'B组 · 引流品种',
      intro: '',
      url: '',
      goodsIds: ids(12),
      sort: 1,
      startsAt,
      endsAt,
    },
    {
      kind: 'xrtj',
      title: '新人推荐',
      intro: '',
      url: '',
      // Picked without the random stream, so the rows seeded after it stay as they were.
      goodsIds: [...buyable]
        .sort((a, b) => b.sales - a.sales)
        .slice(20, 28)
        .map((g) => g.id),
      sort: 0,
      startsAt,
      endsAt,
    },
  ]);
}
