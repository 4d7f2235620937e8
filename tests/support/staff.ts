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
