import { STORE_DESK_ROLES } from '#/lib/staffRoles.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';
import { StoreQuery } from '#/server/storeProfiles/forms.ts';
import { presentStoreRow } from '#/server/storeProfiles/present.ts';
import { storeList } from '#/server/storeProfiles/queue.ts';

export const GET = api(async (ctx) => {
  requireStaff(ctx, STORE_DESK_ROLES);
  const page = await storeList(parseWith(StoreQuery, readQuery(ctx.url)));
  return paged({ ...page, rows: page.rows.map(presentStoreRow) });
});
