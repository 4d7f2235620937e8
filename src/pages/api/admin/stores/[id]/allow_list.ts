import { STORE_ROLE } from '#/lib/staffRoles.ts';
import { readForm } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { AllowListForm } from '#/server/storeProfiles/forms.ts';
import { storeProfile } from '#/server/storeProfiles/load.ts';
import { presentStoreProfile } from '#/server/storeProfiles/present.ts';
import { setAllowList } from '#/server/storeProfiles/update.ts';

// Adds the store to a controlled goods' allow-list (allow=1) or takes it off (allow=0).
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, STORE_ROLE.profile);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(AllowListForm, await readForm(ctx.request));
  await setAllowList(id, f.goods_id, f.allow, actor);
  return ok(presentStoreProfile((await storeProfile(id))!));
});
