import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { quantity } from '#/server/http/cartSchemas.ts';
import { editLine } from '#/server/cart/edit.ts';

const Form = z.object({ params: z.object({ number: quantity }, { error: '请填写购买数量' }) });

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const id = parseWith(idParam, ctx.params['id']);
  const form = parseWith(Form, await readForm(ctx.request));
  return ok(await editLine(user.companyId, id, form.params.number));
});
