// /kjcg: many pasted "name or code + quantity" lines added at once. Each line resolves by goods
// code, else by exact name, else by name prefix; lines that cannot be resolved or bought come
// back with the reason.
import { asc, desc, sql } from 'drizzle-orm';
import { parseQuickLine } from '#/lib/quickLine.ts';
import { getDb } from '#/server/db/client.ts';
import { goods } from '#/server/db/schema/index.ts';
import { isDomainError } from '#/server/errors.ts';
import { addLines } from './add.ts';
import type { Added } from './model.ts';
import { presentPaste } from './present.ts';
import { cartCount } from './state.ts';

export async function quickPaste(companyId: number, text: string) {
  const db = await getDb();
  const lines = text
    .split(/\r?\n/)
    .map(parseQuickLine)
    .filter((l): l is { query: string; number: number } => l !== null);
  const added: (Added & { query: string; name: string })[] = [];
  const failed: { query: string; reason: string }[] = [];
  for (const l of lines) {
    const [g] = await db
      .select({ id: goods.id, name: goods.name })
      .from(goods)
      .where(
        sql`${goods.code} = ${l.query} OR ${goods.name} = ${l.query} OR ${goods.name} LIKE ${l.query.replace(/[%_\\]/g, '\\$&') + '%'}`,
      )
      .orderBy(
        sql`(${goods.code} = ${l.query}) DESC`,
        sql`(${goods.name} = ${l.query}) DESC`,
        desc(goods.sales),
        asc(goods.id),
      )
      .limit(1);
    if (!g) {
      failed.push({ query: l.query, reason: '未找到该商品' });
      continue;
    }
    try {
      const r = await addLines(companyId, [{ goodsId: g.id, quantity: l.number }]);
      added.push({ ...r.lines[0]!, query: l.query, name: g.name });
    } catch (e) {
      if (isDomainError(e)) failed.push({ query: l.query, reason: e.message });
      else throw e;
    }
  }
  return presentPaste({ added, failed, total: await cartCount(companyId) });
}
