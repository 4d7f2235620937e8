import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { AccountStep } from '#/server/members/forms.ts';
import { checkAccountStep } from '#/server/members/register.ts';

// Step 1 of the registration: the account part is checked before the company form is shown.
export const POST = api(async ({ request }) => {
  const form = parseWith(AccountStep, await readForm(request));
  await checkAccountStep(form);
  return ok({ valid: true });
});
