import { STORE_DESK_ROLES, STORE_ROLE } from '#/lib/staffRoles.ts';
import { notFound } from '#/server/errors.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { ProfileForm } from '#/server/storeProfiles/forms.ts';
import { storeProfile } from '#/server/storeProfiles/load.ts';
import { presentStoreProfile } from '#/server/storeProfiles/present.ts';
import { updateProfile } from '#/server/storeProfiles/update.ts';

async function answer(id: number) {
  const p = await storeProfile(id);
  if (!p) throw notFound('门店不存在');
  return ok(presentStoreProfile(p));
}

export const GET = api(async (ctx) => {
  requireStaff(ctx, STORE_DESK_ROLES);
  return answer(parseWith(idParam, ctx.params['id']));
});

// The reviewer's part of the profile: type, region, rank, service contact, chat.
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, STORE_ROLE.profile);
  const id = parseWith(idParam, ctx.params['id']);
  await updateProfile(id, parseWith(ProfileForm, await readForm(ctx.request)), actor);
  return answer(id);
});
