import { api } from '#/server/http/handler.ts';
import { created } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { setSessionCookie } from '#/server/http/auth.ts';
import { RegisterForm } from '#/server/members/forms.ts';
import { registerMember } from '#/server/members/register.ts';
import { createSession, destroySession } from '#/server/sessions.ts';

// Creates the login and its store and logs it in, so step 3 can upload the licences.
export const POST = api(async ({ request, cookies, url, locals }) => {
  const form = parseWith(RegisterForm, await readForm(request));
  const member = await registerMember(form);
  if (locals.sessionToken) await destroySession(locals.sessionToken);
  const session = await createSession(member.accountId, member.companyId);
  setSessionCookie(cookies, url, session.token, request);
  return created({ username: form.username, company: form.company_name, is_passed: false });
});
