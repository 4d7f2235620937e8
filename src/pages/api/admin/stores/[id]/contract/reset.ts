import { STORE_ROLE } from '#/lib/staffRoles.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { ContractResetForm } from '#/server/storeProfiles/forms.ts';
import { storeProfile } from '#/server/storeProfiles/load.ts';
import { presentStoreProfile } from '#/server/storeProfiles/present.ts';
import { resetContract } from '#/server/storeProfiles/update.ts';

// Sets the store's e-contract back to unsigned; the buyer signs again before the next order.
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, STORE_ROLE.profile);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(ContractResetForm, await readForm(ctx.request));
  await resetContract(id, f.reason, actor);
  return ok(presentStoreProfile((await storeProfile(id))!));
});
