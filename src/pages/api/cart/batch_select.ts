import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idList, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { selectLines } from '#/server/cart/edit.ts';

const Form = z.object({
  ids: idList(),
  is_selected: z.enum(['0', '1', 'true', 'false'], { error: '选择状态不正确' }),
});

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const form = parseWith(Form, await readForm(ctx.request));
  return ok(
    await selectLines(
      user.companyId,
      form.ids,
      form.is_selected === '1' || form.is_selected === 'true',
    ),
  );
});
