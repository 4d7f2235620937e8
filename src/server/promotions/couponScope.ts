// A coupon's scope (全部商品 / 指定商品 / 分类 / 品牌) on the server: the goods ids the price engine
// counts toward its threshold, the check that a template names things that exist, and how the
// coupon centre words it.
import { and, inArray, sql } from 'drizzle-orm';
import type { Coupon as PricingCoupon } from '#/lib/pricing/totals.ts';
import type { Db, Tx } from '#/server/db/client.ts';
import { brands, categories, goods, type CouponScope } from '#/server/db/schema/index.ts';
import { invalid } from '#/server/errors.ts';

type Q = Db | Tx;
export interface Scoped {
  scope: CouponScope;
  scopeIds: number[];
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Categories with every subcategory under them. */
function categorySubtree(ids: readonly number[]) {
  return sql`WITH RECURSIVE sub(id) AS (
      SELECT id FROM categories WHERE id = ANY(${intArray(ids)})
      UNION SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id
    ) SELECT id FROM sub`;
}

/** Of these goods, the ones the scope covers; null when it covers every goods. */
async function coveredGoods(
  q: Q,
  s: Scoped,
  goodsIds: readonly number[],
): Promise<Set<number> | null> {
  if (s.scope === 'all') return null;
  if (goodsIds.length === 0 || s.scopeIds.length === 0) return new Set();
  if (s.scope === 'goods') return new Set(goodsIds.filter((id) => s.scopeIds.includes(id)));
  const rows = await q
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        inArray(goods.id, [...goodsIds]),
        s.scope === 'brands'
          ? inArray(goods.brandId, s.scopeIds)
          : sql`${goods.categoryId} IN (${categorySubtree(s.scopeIds)})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** A wallet coupon as the price engine takes it, its scope resolved over the lines' goods. */
export async function pricingCoupon(
  q: Q,
  c: Scoped & { id: number; threshold: number; amount: number },
  goodsIds: readonly number[],
): Promise<PricingCoupon & { id: number }> {
  return {
    id: c.id,
    thresholdFen: c.threshold,
    reduceFen: c.amount,
    goodsIds: await coveredGoods(q, c, goodsIds),
  };
}

const TABLE = { goods, categories, brands } as const;
const WHAT = { goods: '商品', categories: '分类', brands: '品牌' } as const;

/** A scope names only goods, categories or brands that exist. */
export async function checkScope(q: Q, s: Scoped): Promise<void> {
  if (s.scope === 'all') return;
  const table = TABLE[s.scope];
  const found = await q.select({ id: table.id }).from(table).where(inArray(table.id, s.scopeIds));
  const known = new Set(found.map((r) => r.id));
  const missing = s.scopeIds.filter((id) => !known.has(id));
  if (missing.length)
    throw invalid('scope_ids', `${WHAT[s.scope]}编号不存在：${missing.slice(0, 5).join('，')}`);
}

/** How the coupon centre and the desk word each scope: 全场通用, 限分类：感冒用药、…, 限指定商品（3种）. */
export async function scopeTexts(
  q: Q,
  list: readonly (Scoped & { id: number })[],
): Promise<Map<number, string>> {
  const names = new Map<string, string>();
  for (const scope of ['categories', 'brands'] as const) {
    const ids = [...new Set(list.filter((s) => s.scope === scope).flatMap((s) => s.scopeIds))];
    if (ids.length === 0) continue;
    const table = TABLE[scope];
    const rows = await q
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(table.id, ids));
    for (const r of rows) names.set(`${scope}:${r.id}`, r.name);
  }
  const text = (s: Scoped): string => {
    if (s.scope === 'all') return '全场通用';
    if (s.scope === 'goods') return `限指定商品（${s.scopeIds.length}种）`;
    const named = s.scopeIds.map((id) => names.get(`${s.scope}:${id}`)).filter(Boolean);
    const shown = named.slice(0, 3).join('、') + (named.length > 3 ? `等${named.length}个` : '');
    return `限${WHAT[s.scope]}：${shown}`;
  };
  return new Map(list.map((s) => [s.id, text(s)]));
}
