import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { switchStore } from '#/server/members/stores.ts';

const Form = z.object({ company_id: idParam });

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const form = parseWith(Form, await readForm(ctx.request));
  await switchStore(ctx.locals.sessionToken!, user.accountId, form.company_id);
  return ok({ company_id: form.company_id });
});
