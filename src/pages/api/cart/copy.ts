import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idList, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { copyLines } from '#/server/cart/copy.ts';

const Form = z.object({ ids: idList(), other_user_ids: idList(20) });

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const form = parseWith(Form, await readForm(ctx.request));
  return ok(await copyLines(user.accountId, user.companyId, form.ids, form.other_user_ids));
});
