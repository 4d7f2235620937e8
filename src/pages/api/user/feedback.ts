import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { created, paged } from '#/server/http/respond.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { pageParam, parseWith, perPageParam } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { addFeedback, listFeedback } from '#/server/members/records.ts';

const Form = z.object({
  content: z
    .string({ error: '请输入反馈内容' })
    .trim()
    .min(5, '反馈内容至少5个字')
    .max(1000, '反馈内容最多1000个字'),
  contact: z.string().trim().max(50, '联系方式最多50个字').default(''),
});

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const form = parseWith(Form, await readForm(ctx.request));
  return created(await addFeedback(user.accountId, form));
});

const Query = z.object({ page: pageParam, per_page: perPageParam(50, 20) });

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const q = parseWith(Query, readQuery(ctx.url));
  return paged(await listFeedback(user.accountId, q.page, q.per_page));
});
