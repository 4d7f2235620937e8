// Chat specs' staff side through the API: signed-in request contexts, the service hours, a reply
// from the desk, and a new service login with a password of its own.
import { expect, request, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';

export async function staffApi(
  origin: string,
  login: string,
  password = 'yaopi2026',
): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  const res = await ctx.post('/api/admin/login', { form: { login, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

export async function setHours(admin: APIRequestContext, open: string, close: string) {
  const res = await admin.put('/api/admin/chat/hours', { form: { open, close } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The store's conversation as the admin's desk lists it. */
export async function conversationOf(admin: APIRequestContext, company: string) {
  const list = (await (await admin.get('/api/admin/chat/conversations')).json()).data;
  return list.find((c: { company: { name: string } }) => c.company.name === company) as
    | { id: number; staff: { id: number; name: string } | null }
    | undefined;
}

export async function reply(admin: APIRequestContext, conversationId: number, text: string) {
  const res = await admin.post(`/api/admin/chat/conversations/${conversationId}/messages`, {
    form: { client_id: randomUUID(), text },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A new staff login with the service role and its own password; answers login, password, id. */
export async function newServiceLogin(admin: APIRequestContext, origin: string, name: string) {
  const login = `svc${Date.now().toString(36)}`;
  const added = await admin.post('/api/admin/staff', { form: { login, name, roles: 'service' } });
  expect(added.status(), await added.text()).toBe(201);
  const { password: once, staff } = (await added.json()).data;
  const own = await staffApi(origin, login, once);
  const password = 'Service2026x';
  const changed = await own.post('/api/admin/password', {
    form: { old_password: once, password, password_confirmation: password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await own.dispose();
  return { login, password, id: staff.id as number };
}
