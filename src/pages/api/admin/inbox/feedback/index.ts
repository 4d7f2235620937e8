import { INBOX_ROLES } from '#/lib/staffRoles.ts';
import { readQuery } from '#/server/http/form.ts';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { parseWith } from '#/server/http/validate.ts';
import { feedbackInbox } from '#/server/inbox/feedback.ts';
import { FeedbackInboxQuery } from '#/server/inbox/forms.ts';
import { presentFeedbackInbox } from '#/server/inbox/present.ts';

/** Every login's feedback, unanswered (oldest first), answered or all. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, INBOX_ROLES);
  const q = parseWith(FeedbackInboxQuery, readQuery(ctx.url));
  const page = await feedbackInbox(q.status, q.page);
  return paged({ ...page, rows: page.rows.map(presentFeedbackInbox) });
});
