import { and, arrayContains, desc, eq } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { goods } from './db/schema/index.ts';
import { namedCache, tag } from './cache.ts';

/** A goods card on the home page; the price is shown to members only (DOMAIN). */
export interface HomeGoods {
  id: number;
  name: string;
  spec: string;
  sccj: string;
  bzdw: string;
  image: string;
  tags: string[];
  basePriceFen: number;
}

export interface HomeBlocks {
  spike: HomeGoods[];
  daily: HomeGoods[];
  fresh: HomeGoods[];
}

const BLOCK_SIZE = 10;
// The blocks are the same for every visitor; the catalog team owns deeper zone logic.
const blocksCache = namedCache<HomeBlocks>('homeBlocks', { ttlMs: 30_000, maxEntries: 1 });

export function homeBlocks(): Promise<HomeBlocks> {
  return blocksCache.get('blocks', loadHomeBlocks, [tag.anyGoods]);
}

async function loadHomeBlocks(): Promise<HomeBlocks> {
  const db = await getDb();
  const columns = {
    id: goods.id,
    name: goods.name,
    spec: goods.spec,
    sccj: goods.sccj,
    bzdw: goods.bzdw,
    images: goods.images,
    tags: goods.tags,
    basePriceFen: goods.basePrice,
  };
  const tagged = (tag: string) =>
    db
      .select(columns)
      .from(goods)
      .where(and(eq(goods.isBuy, true), arrayContains(goods.tags, [tag])))
      .orderBy(desc(goods.sales), desc(goods.id))
      .limit(BLOCK_SIZE);
  const [spike, daily, fresh] = await Promise.all([
    tagged('秒'),
    tagged('特'),
    db
      .select(columns)
      .from(goods)
      .where(eq(goods.isBuy, true))
      .orderBy(desc(goods.createdAt), desc(goods.id))
      .limit(BLOCK_SIZE),
  ]);
  const card = ({ images, ...g }: (typeof spike)[number]): HomeGoods => ({
    ...g,
    image: images[0] ?? '',
  });
  return { spike: spike.map(card), daily: daily.map(card), fresh: fresh.map(card) };
}
