// Back-office helpers for API tests: the demo staff (one per role, password yaopi2026).
import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { Client } from './http.ts';

export async function staffLogin(login: string, password = 'yaopi2026'): Promise<Client> {
  const c = new Client();
  const res = await c.post('/api/admin/login', { login, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return c;
}

export const uniqueStaffLogin = () =>
  `s${Date.now().toString(36)}${randomInt(0, 1e6).toString(36)}`;

const signedIn = new Map<string, Promise<Client>>();

/** The demo staff member `login`, signed in once per test file and shared by its tests. */
export function demoStaff(login: string): Promise<Client> {
  let c = signedIn.get(login);
  if (!c) signedIn.set(login, (c = staffLogin(login)));
  return c;
}

/** Reviews a licence as the demo reviewer (approving a store's required licence approves the store). */
export async function reviewLicence(
  id: number,
  form: Record<string, unknown> = { state: 'approved' },
) {
  return (await demoStaff('reviewer')).post(`/api/admin/licences/${id}/review`, form);
}
