import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { readQuery } from '#/server/http/form.ts';
import { ok } from '#/server/http/respond.ts';
import { parseWith } from '#/server/http/validate.ts';
import { searchSuggestions } from '#/server/search/suggest.ts';

const schema = z.object({
  keywords: z
    .string({ error: '搜索词不正确' })
    .max(50, '搜索词最多 50 个字')
    .optional()
    .default(''),
  type: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : String(v)),
    z.enum(['1', '2'], { error: '搜索类型不正确' }).default('1'),
  ),
});

export const GET = api(async (ctx) => {
  const q = parseWith(schema, readQuery(ctx.url));
  const started = performance.now();
  const res = ok(await searchSuggestions(q.keywords, q.type === '2' ? 'manufacturer' : 'drug'));
  // Server time of the search itself, read by scripts/bench-search.mjs.
  res.headers.set('server-timing', `search;dur=${(performance.now() - started).toFixed(3)}`);
  return res;
});
