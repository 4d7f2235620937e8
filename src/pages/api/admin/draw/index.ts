import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { DrawActivityForm, ListQuery } from '#/server/marketing/forms.ts';
import { drawActivityInput } from '#/server/marketing/inputs.ts';
import { presentDrawActivityAdmin } from '#/server/marketing/present.ts';
import { listDrawActivities, saveDrawActivity } from '#/server/draw/desk.ts';

/** Lucky-draw activities with their prizes, newest first. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(ListQuery, readQuery(ctx.url));
  return ok((await listDrawActivities(f.limit)).map(presentDrawActivityAdmin));
});

/** The merchandiser (or admin): a new lucky-draw activity with its prizes. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(DrawActivityForm, await readForm(ctx.request));
  return created(await saveDrawActivity(null, drawActivityInput(f), actor));
});
