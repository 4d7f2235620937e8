import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { notFound } from '#/server/errors.ts';
import { AddressForm } from '#/server/members/forms.ts';
import { deleteAddress, updateAddress } from '#/server/members/addresses.ts';

const addressId = (raw: string | undefined) => {
  const r = idParam.safeParse(raw);
  if (!r.success) throw notFound('收货地址不存在');
  return r.data;
};

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const id = addressId(ctx.params['id']);
  const form = parseWith(AddressForm, await readForm(ctx.request));
  return ok(await updateAddress(user.companyId, id, form));
});

export const DELETE = api(async (ctx) => {
  const user = requireUser(ctx);
  await deleteAddress(user.companyId, addressId(ctx.params['id']));
  return ok(null);
});
