import { STORE_ROLE } from '#/lib/staffRoles.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { CreditForm } from '#/server/storeProfiles/forms.ts';
import { storeProfile } from '#/server/storeProfiles/load.ts';
import { presentStoreProfile } from '#/server/storeProfiles/present.ts';
import { updateCredit } from '#/server/storeProfiles/update.ts';

// Finance's part of the profile: credit limit and bill day.
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, STORE_ROLE.credit);
  const id = parseWith(idParam, ctx.params['id']);
  await updateCredit(id, parseWith(CreditForm, await readForm(ctx.request)), actor);
  return ok(presentStoreProfile((await storeProfile(id))!));
});
