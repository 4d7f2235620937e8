// GET /api/article/category (category_id): help groups with their articles for header and footer lists.
import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { notFound } from '#/server/errors.ts';
import { readQuery } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { articleCategories } from '#/server/content.ts';

const query = z.object({
  category_id: z.preprocess((v) => (v === '' ? undefined : v), idParam.optional()),
});

export const GET = api(async (ctx) => {
  const { category_id } = parseWith(query, readQuery(ctx.url));
  const categories = await articleCategories(category_id);
  if (!categories) throw notFound('帮助分类不存在');
  return ok(categories);
});
