import type { Db } from '#/server/db/client.ts';
import {
  brands,
  categories,
  goods,
  goodsLots,
  ladderPrices,
  manufacturers,
  type Line,
} from '#/server/db/schema/index.ts';
import { goodsSearchKeys, pinyinKeys } from '#/lib/pinyinKeys.ts';
import { TAG_LABELS } from '#/lib/constants.ts';
import {
  approvalPrefix,
  BRANDS,
  CATEGORY_TREE,
  GOODS_TEMPLATES,
  MANUFACTURERS,
  type GoodsTemplate,
} from './dictionaries.ts';
import type { Random } from '#/lib/seededRandom.ts';

const BATCH = 1000;
const DAY = 24 * 3600 * 1000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function insertInBatches<T>(
  rows: T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export interface CatalogSeedResult {
  goodsCount: number;
}

export async function seedCatalog(
  db: Db,
  rnd: Random,
  goodsCount: number,
  log: (msg: string) => void,
): Promise<CatalogSeedResult> {
  const mfrRows = await db
    .insert(manufacturers)
    .values(
      MANUFACTURERS.map((m) => {
        const keys = pinyinKeys(m.name);
        return { name: m.name, province: m.province, initials: keys.initials, pinyin: keys.full };
      }),
    )
    .returning({ id: manufacturers.id, name: manufacturers.name });
  const mfrByName = new Map(mfrRows.map((m) => [m.name, m.id]));
  const mfrIdsByKind = { pharma: [] as number[], herb: [] as number[], device: [] as number[] };
  for (const m of MANUFACTURERS) mfrIdsByKind[m.kind].push(mfrByName.get(m.name)!);

  const brandRows = await db
    .insert(brands)
    .values(
      BRANDS.map((b, i) => ({
        name: b.name,
        manufacturerId: mfrByName.get(b.manufacturer) ?? null,
        sort: i,
      })),
    )
    .returning({ id: brands.id, manufacturerId: brands.manufacturerId });
  const brandByMfr = new Map(
    brandRows.filter((b) => b.manufacturerId).map((b) => [b.manufacturerId!, b.id]),
  );

  // Categories: top level per line, then children; templates point at child names.
  const childId = new Map<string, number>();
  for (const line of Object.keys(CATEGORY_TREE) as Line[]) {
    const tree = CATEGORY_TREE[line];
    const tops = await db
      .insert(categories)
      .values(tree.map((t, i) => ({ line, name: t.name, sort: i })))
      .returning({ id: categories.id });
    const children = tree.flatMap((t, i) =>
      t.children.map((name, j) => ({ line, name, parentId: tops[i]!.id, sort: j })),
    );
    const rows = await db
      .insert(categories)
      .values(children)
      .returning({ id: categories.id, name: categories.name });
    for (const r of rows) childId.set(`${line}/${r.name}`, r.id);
  }

  const keysCache = new Map<string, ReturnType<typeof pinyinKeys>>();
  const keysOf = (s: string) => {
    let k = keysCache.get(s);
    if (!k) keysCache.set(s, (k = pinyinKeys(s)));
    return k;
  };
  const mfrName = new Map(mfrRows.map((m) => [m.id, m.name]));

  const now = Date.now();
  const started = performance.now();
  let written = 0;
  for (let start = 0; start < goodsCount; start += BATCH) {
    const count = Math.min(BATCH, goodsCount - start);
    const templates: GoodsTemplate[] = [];
    const rows = [];
    for (let i = 0; i < count; i++) {
      const n = start + i;
      const t = GOODS_TEMPLATES[n % GOODS_TEMPLATES.length]!;
      templates.push(t);
      const kind =
        t.drugClass === 'herb' ? 'herb' : t.drugClass.startsWith('device') ? 'device' : 'pharma';
      const manufacturerId = rnd.pick(mfrIdsByKind[kind]);
      const sccj = mfrName.get(manufacturerId)!;
      const tradeName = t.tradeNames.length && rnd.chance(0.5) ? rnd.pick(t.tradeNames) : '';
      const [minYuan, maxYuan] = t.priceYuan;
      const basePrice = Math.round((minYuan + rnd.next() * (maxYuan - minYuan)) * 10) * 10;
      const innerPack = rnd.pick([1, 1, 5, 10, 10, 20]);
      const tags = TAG_LABELS.filter(() => rnd.chance(0.08));
      const categoryId = childId.get(`${t.line}/${t.category}`);
      if (!categoryId)
        throw new Error(`template ${t.name}: unknown category ${t.line}/${t.category}`);
      const prefix = approvalPrefix(t.drugClass, t.chinesePatent === true);
      rows.push({
        code: `YP${String(n + 1).padStart(7, '0')}`,
        name: t.name,
        tradeName,
        spec: rnd.pick(t.specs),
        manufacturerId,
        sccj,
        approvalNo: prefix ? `${prefix}${20000000 + rnd.int(0, 9999999)}` : '',
        drugClass: t.drugClass,
        bzdw: rnd.pick(t.units),
        innerPack,
        caseQty: innerPack * rnd.pick([10, 20, 40, 50]),
        mustMultiple: innerPack > 1 && rnd.chance(0.3),
        categoryId,
        line: t.line,
        brandId: brandByMfr.get(manufacturerId) ?? null,
        basePrice: Math.max(50, basePrice),
        sales: rnd.int(0, 5000),
        isFreeShipping: rnd.chance(0.15),
        freeShippingNumber: rnd.pick([5, 10, 20, 50]),
        tags,
        isEphedrine: t.ephedrine === true,
        purchaseLimit: t.ephedrine ? 10 : 0,
        isControlled: rnd.chance(0.03),
        images: [`/images/goods/${t.line}-${(n % 12) + 1}.svg`],
        ...goodsSearchKeys({ name: t.name, tradeName, sccj }, keysOf),
        createdAt: new Date(now - rnd.int(0, 365) * DAY),
      });
    }
    const inserted = await db
      .insert(goods)
      .values(rows)
      .returning({ id: goods.id, basePrice: goods.basePrice });

    const lots = [];
    const ladders = [];
    for (const g of inserted) {
      const lotCount = rnd.chance(0.03) ? 0 : rnd.int(1, 3);
      for (let l = 0; l < lotCount; l++) {
        // About one goods in twenty has a lot inside the near-expiry window (< 180 days).
        const daysLeft = rnd.chance(0.05) ? rnd.int(20, 170) : rnd.int(200, 1000);
        const producedOn = now - rnd.int(30, 700) * DAY;
        const stock = rnd.int(20, 2000);
        lots.push({
          goodsId: g.id,
          batchNo: `${new Date(producedOn).getFullYear()}${String(rnd.int(1, 12)).padStart(2, '0')}${String(rnd.int(1, 999)).padStart(3, '0')}`,
          producedOn: isoDate(producedOn),
          expiresOn: isoDate(now + daysLeft * DAY),
          stock,
        });
      }
      if (rnd.chance(0.4)) {
        ladders.push({ goodsId: g.id, minNumber: 10, price: Math.floor((g.basePrice * 97) / 100) });
        ladders.push({ goodsId: g.id, minNumber: 50, price: Math.floor((g.basePrice * 93) / 100) });
      }
    }
    await insertInBatches(lots, (b) => db.insert(goodsLots).values(b));
    await insertInBatches(ladders, (b) => db.insert(ladderPrices).values(b));
    written += count;
    log(`goods ${written}/${goodsCount} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  return { goodsCount: written };
}
