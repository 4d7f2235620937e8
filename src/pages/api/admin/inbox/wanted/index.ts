import { INBOX_ROLES } from '#/lib/staffRoles.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';
import { WantedInboxQuery } from '#/server/inbox/forms.ts';
import { presentWantedInbox } from '#/server/inbox/present.ts';
import { wantedInbox } from '#/server/inbox/wanted.ts';

/** Every store's wanted-requests by state (pending oldest first). */
export const GET = api(async (ctx) => {
  requireStaff(ctx, INBOX_ROLES);
  const q = parseWith(WantedInboxQuery, readQuery(ctx.url));
  const page = await wantedInbox(q.status, q.page);
  return paged({ ...page, rows: page.rows.map(presentWantedInbox) });
});
