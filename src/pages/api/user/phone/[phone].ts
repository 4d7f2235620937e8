import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { parseWith } from '#/server/http/validate.ts';
import { mobileField } from '#/server/members/forms.ts';
import { phoneRegistered } from '#/server/members/sms.ts';

// Is this phone registered? The registration form asks before sending a code.
export const GET = api(async ({ params }) => {
  const phone = parseWith(mobileField, params['phone'] ?? '');
  return ok({ phone, registered: await phoneRegistered(phone) });
});
