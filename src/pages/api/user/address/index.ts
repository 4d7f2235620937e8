import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { AddressForm } from '#/server/members/forms.ts';
import { addAddress, listAddresses } from '#/server/members/addresses.ts';

export const GET = api(async (ctx) => ok(await listAddresses(requireUser(ctx).companyId)));

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const form = parseWith(AddressForm, await readForm(ctx.request));
  return created(await addAddress(user.companyId, form));
});
