import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { personNameField } from '#/server/members/forms.ts';
import { contractFor, signContract } from '#/server/members/contract.ts';

export const GET = api(async (ctx) => ok(await contractFor(requireUser(ctx).companyId)));

const Form = z.object({
  agree: z.enum(['1', 'true'], { error: '请阅读并同意电子购销合同' }),
  signer: personNameField,
});

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  parseWith(Form, await readForm(ctx.request));
  return ok(await signContract(user.companyId));
});
