import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { ServiceContactForm } from '#/server/serviceContacts/forms.ts';
import { saveServiceContact } from '#/server/serviceContacts/contacts.ts';

/** Changes a contact (all fields, as the desk's form sends them). */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'admin');
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(ServiceContactForm, await readForm(ctx.request));
  return ok({ id: await saveServiceContact(id, f, actor) });
});
