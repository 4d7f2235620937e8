// Can this company buy this goods? One module for every team (catalogue, cart, orders), so a
// reason shown on the list is the same one the cart shows and the order refuses with.
import { inArray } from 'drizzle-orm';
import { getDb, type Db, type Tx } from './db/client.ts';
import { config } from './config.ts';
import { namedCache, tag } from './cache.ts';
import { SEARCH_CACHE_MAX_AGE_MS } from '#/lib/constants.ts';
import { companies, controlledRules } from './db/schema/index.ts';
import { licenceStatus, REQUIRED_LICENCE } from './qualifications.ts';
import { priceAudience } from '#/lib/priceVisibility.ts';
import { packOverLimit } from '#/lib/pricing/quantity.ts';

/** What the rules need to know about the buying company; null = visitor. */
export interface BuyerCompany {
  id: number;
  isPassed: boolean;
  jyfw: readonly string[];
  province: string;
  type: string;
  /** member rank (价格等级): buys at the goods' rank price (lib/rankPrice) */
  rank?: number;
  /** a required qualification licence has passed its expiry (qualifications.licenceStatus) */
  licenceExpired?: boolean;
  /** not approved because the required licence's latest upload was rejected */
  licenceRejected?: boolean;
  /** has signed the 电子购销合同 (members/contract.ts: ordering needs it) */
  contractSigned?: boolean;
}

/** 控销 rule of a controlled goods (schema/promotions.ts controlled_rules). */
export interface ControlledRule {
  regions: readonly string[];
  customerTypes: readonly string[];
  companyIds: readonly number[];
}

export interface EligibilityGoods {
  drugClass: string;
  isControlled: boolean;
  isBuy?: boolean;
  /** pack and per-order limit: a goods whose pack exceeds its limit can never be bought */
  innerPack?: number;
  mustMultiple?: boolean;
  purchaseLimit?: number;
  bzdw?: string;
  /** the controlled-sales rule; a controlled goods without one is sold to nobody */
  controlled?: ControlledRule | null;
}

export type BlockCode =
  | 'login'
  | 'unapproved'
  | 'licence_rejected'
  | 'licence_expired'
  | 'scope'
  | 'controlled'
  | 'off_shelf'
  | 'pack_over_limit';

export interface PurchaseBlock {
  code: BlockCode;
  reason: string;
}

export const BLOCK_REASONS: Readonly<Record<BlockCode, string>> = {
  login: '请先登录',
  unapproved: '资质审核中，审核通过后可购买',
  licence_rejected: '资质审核未通过，请重新上传资质后购买',
  licence_expired: '资质已过期，请更新资质后购买',
  scope: '超出经营范围',
  controlled: '控销商品，暂不支持购买',
  off_shelf: '商品已下架',
  pack_over_limit: '中包装超出每单限购数量，暂无法购买',
};

const block = (code: BlockCode, reason = BLOCK_REASONS[code]): PurchaseBlock => ({
  code,
  reason,
});

/** Why an unapproved store may not buy: still in review, or its licence was turned down. */
export const unapprovedBlock = (company: BuyerCompany): PurchaseBlock =>
  block(company.licenceRejected ? 'licence_rejected' : 'unapproved');

/** A controlled goods is for the company when it is on the allow-list or matches region and type. */
export function controlledVisible(
  company: BuyerCompany | null,
  rule: ControlledRule | null | undefined,
): boolean {
  if (!company || !rule) return false;
  if (rule.companyIds.includes(company.id)) return true;
  const regionOk = rule.regions.length === 0 || rule.regions.includes(company.province);
  const typeOk = rule.customerTypes.length === 0 || rule.customerTypes.includes(company.type);
  // A rule with only an allow-list admits nobody else.
  if (rule.regions.length === 0 && rule.customerTypes.length === 0) return false;
  return regionOk && typeOk;
}

/**
 * null when the company may add the goods to its cart, else the first reason it may not, in the
 * order a buyer can act on it: log in, get approved, renew the licence, then the goods' own rules.
 */
export function purchaseBlock(
  company: BuyerCompany | null,
  goods: EligibilityGoods,
): PurchaseBlock | null {
  if (!company) return block('login');
  if (!company.isPassed) return unapprovedBlock(company);
  if (company.licenceExpired) return block('licence_expired');
  if (goods.isBuy === false) return block('off_shelf');
  const impossible =
    goods.innerPack === undefined
      ? null
      : packOverLimit({
          innerPack: goods.innerPack,
          mustMultiple: goods.mustMultiple === true,
          purchaseLimit: goods.purchaseLimit ?? 0,
          bzdw: goods.bzdw ?? '',
        });
  if (impossible) return block('pack_over_limit', impossible);
  if (!company.jyfw.includes(goods.drugClass)) return block('scope');
  if (goods.isControlled && !controlledVisible(company, goods.controlled))
    return block('controlled');
  return null;
}

/** The buying company of a session, or null for a visitor or a removed company. */
export async function loadBuyer(
  db: Db | Tx,
  companyId: number | null | undefined,
  lock = false,
): Promise<BuyerCompany | null> {
  if (!companyId) return null;
  const query = db
    .select({
      id: companies.id,
      isPassed: companies.isPassed,
      jyfw: companies.jyfw,
      province: companies.province,
      type: companies.type,
      rank: companies.rank,
      contractSignedAt: companies.contractSignedAt,
    })
    .from(companies)
    .where(inArray(companies.id, [companyId]))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const status = await licenceStatus(companyId, new Date(), db);
  const { contractSignedAt, ...company } = row;
  return {
    ...company,
    contractSigned: contractSignedAt !== null,
    licenceExpired: status.expired,
    licenceRejected:
      !row.isPassed && status.rejected.some((r) => r.type === REQUIRED_LICENCE[row.type]),
  };
}

// Every catalogue screen asks who is looking; on PGlite that read queues behind everything else.
// Screens read the buyer through this cache, with the session cache's staleness contract
// (SESSION_CACHE_MS; dropped at once in this process when the store or its licences change); the
// order reads it fresh, under lock, so nothing is sold on a stale approval (the cart's screens read
// this copy: cart/load.screenCompany).
const buyers = namedCache<BuyerCompany | null>('buyers', {
  ttlMs: config.sessionCacheMs,
  maxEntries: 5_000,
});

export async function cachedBuyer(companyId: number): Promise<BuyerCompany | null> {
  return buyers.get(String(companyId), async () => loadBuyer(await getDb(), companyId), [
    tag.company(companyId),
  ]);
}

// Companies named on some controlled-sales allow-list see goods others of their segment do not.
// The lists are part of the goods' sales rules.
const allowListCache = namedCache<ReadonlySet<number>>('allowListedCompanies', {
  ttlMs: SEARCH_CACHE_MAX_AGE_MS,
  maxEntries: 1,
});

function allowListedCompanies(): Promise<ReadonlySet<number>> {
  return allowListCache.get('all', async () => {
    const db = await getDb();
    const rows = await db.select({ ids: controlledRules.companyIds }).from(controlledRules);
    return new Set(rows.flatMap((r) => r.ids));
  }, [tag.anyGoods]);
}

/**
 * Buyers of one segment see every catalogue screen alike: the same reasons, prices and goods. It
 * starts from who may see prices (lib/priceVisibility): visitors and unapproved members see no
 * prices and purchaseBlock stops at them before reading anything else, so each is one segment;
 * approved members are told apart by exactly what purchaseBlock reads of the company (its id only
 * when an allow-list names it).
 */
export async function buyerSegment(company: BuyerCompany | null): Promise<string> {
  const audience = priceAudience(company);
  if (!company || audience !== 'approved') return audience;
  const named = (await allowListedCompanies()).has(company.id);
  return JSON.stringify([
    audience,
    Boolean(company.licenceExpired),
    Boolean(company.licenceRejected),
    [...company.jyfw].sort(),
    company.province,
    company.type,
    named ? company.id : 0,
    // rank prices: each rank sees its own
    company.rank ?? 1,
  ]);
}

/** Controlled-sales rules of the given goods, by goods id. */
export async function loadControlledRules(
  db: Db | Tx,
  goodsIds: readonly number[],
): Promise<Map<number, ControlledRule>> {
  if (!goodsIds.length) return new Map();
  const rows = await db
    .select()
    .from(controlledRules)
    .where(inArray(controlledRules.goodsId, [...goodsIds]));
  return new Map(
    rows.map((r) => [
      r.goodsId,
      { regions: r.regions, customerTypes: r.customerTypes, companyIds: r.companyIds },
    ]),
  );
}
