import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { getDb } from './db/client.ts';
import { goods, goodsPrices, type PriceKind } from './db/schema/index.ts';
import { namedCache, tag } from './cache.ts';
import { withPromotionTags } from '#/lib/tags.ts';
import type { RankPrices } from '#/lib/rankPrice.ts';
import { promotionTagsSql, textArray } from './promotions/tags.ts';

/** A goods card on the home page; prices are shown to approved members only (lib/priceVisibility). */
export interface HomeGoods {
  id: number;
  name: string;
  spec: string;
  sccj: string;
  bzdw: string;
  image: string;
  tags: string[];
  basePriceFen: number;
  /** 会员等级价: the page shows each reader their rank's price (lib/rankPrice buyerBasePrice) */
  rankPrices: RankPrices;
  /** the promotion the block announces: its price, end and per-store limit, linked by its id */
  offer: {
    kind: PriceKind;
    goodsPriceId: number;
    priceFen: number;
    endsAt: Date;
    userLimit: number | null;
  } | null;
}

export interface HomeBlocks {
  spike: HomeGoods[];
  daily: HomeGoods[];
  fresh: HomeGoods[];
}

const BLOCK_SIZE = 10;
// The blocks are the same for every reader (the page hides prices and picks the rank's price by
// reader); a flash sale that ends drops out within the cache's life.
const blocksCache = namedCache<HomeBlocks>('homeBlocks', { ttlMs: 30_000, maxEntries: 1 });

export function homeBlocks(): Promise<HomeBlocks> {
  return blocksCache.get('blocks', loadHomeBlocks, [tag.anyGoods]);
}

const columns = {
  id: goods.id,
  name: goods.name,
  spec: goods.spec,
  sccj: goods.sccj,
  bzdw: goods.bzdw,
  images: goods.images,
  tags: goods.tags,
  promotions: sql<string[] | string>`${promotionTagsSql(sql.raw('"goods"."id"'))}`,
  basePriceFen: goods.basePrice,
  rankPrices: goods.rankPrices,
};

type Row = {
  id: number;
  name: string;
  spec: string;
  sccj: string;
  bzdw: string;
  images: string[];
  tags: string[];
  promotions: string[] | string;
  basePriceFen: number;
  rankPrices: RankPrices;
};

const card = ({ images, tags, promotions, ...g }: Row, offer: HomeGoods['offer']): HomeGoods => ({
  ...g,
  image: images[0] ?? '',
  tags: withPromotionTags(tags, textArray(promotions)),
  offer,
});

/** The running promotions of a kind, best sellers first: each goods at its promotion's price. */
async function runningOffers(kind: PriceKind): Promise<HomeGoods[]> {
  const db = await getDb();
  const now = new Date();
  const rows = await db
    .select({ g: columns, v: goodsPrices })
    .from(goodsPrices)
    .innerJoin(goods, eq(goods.id, goodsPrices.goodsId))
    .where(
      and(
        eq(goodsPrices.kind, kind),
        lte(goodsPrices.startsAt, now),
        gte(goodsPrices.endsAt, now),
        eq(goods.isBuy, true),
      ),
    )
    .orderBy(desc(goods.sales), desc(goodsPrices.id))
    .limit(BLOCK_SIZE);
  return rows.map(({ g, v }) =>
    card(g, {
      kind,
      goodsPriceId: v.id,
      priceFen: v.price,
      endsAt: v.endsAt,
      userLimit: v.userLimit,
    }),
  );
}

async function loadHomeBlocks(): Promise<HomeBlocks> {
  const db = await getDb();
  const [spike, daily, fresh] = await Promise.all([
    runningOffers('flash'),
    runningOffers('daily_special'),
    db
      .select(columns)
      .from(goods)
      .where(eq(goods.isBuy, true))
      .orderBy(desc(goods.createdAt), desc(goods.id))
      .limit(BLOCK_SIZE),
  ]);
  return { spike, daily, fresh: fresh.map((g) => card(g, null)) };
}
