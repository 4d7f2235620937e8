// Every returns, payments, refunds and credit endpoint against every role: visitors and buyer
// sessions 401, staff without the role 403 (Chinese message), staff with it get past the door
// (unknown ids then 404, so nothing changes). The screens check the same roles.
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { login } from '../support/shop.ts';
import { staffLogin } from '../support/staff.ts';
import { STAFF_ROLES, type StaffRole } from '#/lib/staffRoles.ts';

const X = 2_147_483_000;

type Call = { method: 'GET' | 'POST'; path: string; form?: object; roles: StaffRole[]; ok: number };

const QUEUE: StaffRole[] = ['reviewer', 'warehouse', 'finance'];
const CALLS: Call[] = [
  { method: 'GET', path: '/api/admin/returns', roles: QUEUE, ok: 200 },
  {
    method: 'GET',
    path: `/api/admin/returns/${X}/photos/${'a'.repeat(32)}.jpg`,
    roles: QUEUE,
    ok: 404,
  },
  {
    method: 'POST',
    path: `/api/admin/returns/${X}/review`,
    form: { decision: 'reject', reason: '不符合条件' },
    roles: ['reviewer'],
    ok: 404,
  },
  {
    method: 'POST',
    path: `/api/admin/returns/${X}/receive`,
    form: {},
    roles: ['warehouse'],
    ok: 404,
  },
  { method: 'POST', path: `/api/admin/returns/${X}/refund`, roles: ['finance'], ok: 404 },
  { method: 'GET', path: '/api/admin/payments', roles: ['finance'], ok: 200 },
  {
    method: 'POST',
    path: `/api/admin/payments/${X}/confirm`,
    form: { amount: '1.00' },
    roles: ['finance'],
    ok: 404,
  },
  {
    method: 'POST',
    path: `/api/admin/payments/${X}/reject`,
    form: { reason: '没有到账' },
    roles: ['finance'],
    ok: 404,
  },
  { method: 'GET', path: '/api/admin/refunds', roles: ['finance'], ok: 200 },
  { method: 'POST', path: `/api/admin/refunds/${X}/paid`, form: {}, roles: ['finance'], ok: 404 },
  { method: 'GET', path: '/api/admin/credit', roles: ['finance'], ok: 200 },
  { method: 'GET', path: '/api/admin/invoices', roles: ['finance'], ok: 200 },
  { method: 'GET', path: '/api/admin/invoices?state=to_correct', roles: ['finance'], ok: 200 },
  {
    method: 'POST',
    path: `/api/admin/orders/${X}/invoice/void`,
    form: { reason: '已红冲' },
    roles: ['finance'],
    ok: 404,
  },
  {
    method: 'POST',
    path: `/api/admin/credit/${X}/repay`,
    form: { amount: '1.00', reference: 'HX1' },
    roles: ['finance'],
    ok: 404,
  },
  { method: 'POST', path: `/api/admin/credit/bills/${X}/overdue`, roles: ['finance'], ok: 404 },
];

const PAGES: { path: string; roles: StaffRole[] }[] = [
  { path: '/admin/returns', roles: QUEUE },
  { path: '/admin/payments', roles: ['finance'] },
  { path: '/admin/credit', roles: ['finance'] },
  { path: '/admin/invoices', roles: ['finance'] },
];

const call = (c: Client, x: Call) =>
  x.method === 'GET' ? c.get(x.path) : c.request('POST', x.path, x.form ? { form: x.form } : {});

let staff: Record<StaffRole, Client>;
beforeAll(async () => {
  const clients = await Promise.all(STAFF_ROLES.map((r) => staffLogin(r)));
  staff = Object.fromEntries(STAFF_ROLES.map((r, i) => [r, clients[i]!])) as typeof staff;
});

describe('returns, payments, refunds and credit: who may call what', () => {
  it('visitors and buyer sessions get 401', async () => {
    const visitor = new Client();
    const buyer = await login('demo');
    for (const x of CALLS) {
      expect((await call(visitor, x)).status, `${x.method} ${x.path}`).toBe(401);
      expect((await call(buyer, x)).status, `${x.method} ${x.path}`).toBe(401);
    }
  });

  it('each role against each endpoint: 403 without the role, through with it (admin always)', async () => {
    for (const x of CALLS)
      for (const role of STAFF_ROLES) {
        const res = await call(staff[role], x);
        const allowed = role === 'admin' || x.roles.includes(role);
        expect(res.status, `${role} ${x.method} ${x.path}`).toBe(allowed ? x.ok : 403);
        if (!allowed) expect(res.body.message).toMatch(/^没有权限：需要「/);
      }
  });

  it('the screens: the forbidden page without the role, the screen and its menu entry with it', async () => {
    for (const p of PAGES)
      for (const role of STAFF_ROLES) {
        const res = await staff[role].get(p.path);
        const allowed = role === 'admin' || p.roles.includes(role);
        expect(res.status, `${role} ${p.path}`).toBe(allowed ? 200 : 403);
        const html = String(res.body);
        expect(html.includes(`href="${p.path}"`), `${role} menu ${p.path}`).toBe(allowed);
      }
  });
});
