import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { ServiceContactForm } from '#/server/serviceContacts/forms.ts';
import {
  listServiceContacts,
  saveServiceContact,
  serviceLogins,
} from '#/server/serviceContacts/contacts.ts';
import { presentServiceContact } from '#/server/serviceContacts/present.ts';

/** The contacts with how many stores each serves, and the service logins they may be linked to. */
export const GET = api(async (ctx) => {
  requireStaff(ctx, 'admin');
  const [contacts, logins] = await Promise.all([listServiceContacts(), serviceLogins()]);
  return ok({ contacts: contacts.map(presentServiceContact), service_staff: logins });
});

/** A new contact. */
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, 'admin');
  const f = parseWith(ServiceContactForm, await readForm(ctx.request));
  return created({ id: await saveServiceContact(null, f, actor) });
});
