import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { quickPaste } from '#/server/cart/paste.ts';

const Form = z.object({
  text: z
    .string({ error: '请输入商品名称或编码和数量' })
    .trim()
    .min(1, '请输入商品名称或编码和数量')
    .max(20_000, '内容过长')
    .refine((t) => t.split(/\r?\n/).filter((l) => l.trim()).length <= 100, '一次最多100行'),
});

/** /kjcg: many "name or code + quantity" lines added in one go. */
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const f = parseWith(Form, await readForm(ctx.request));
  return ok(await quickPaste(user.companyId, f.text));
});
