import { expect, request, type APIRequestContext } from '@playwright/test';
import { randomInt } from 'node:crypto';

// A pharmacy of its own for a spec whose cart must meet no other spec's: registered through the
// API, its drug-trade licence approved by the demo reviewer (staff API), so it can buy in its scope.

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const inDays = (n: number) =>
  new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

async function register(r: APIRequestContext, origin: string): Promise<string> {
  const phone = `137${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const username = `e${Date.now().toString(36)}${randomInt(0, 1e6).toString(36)}`.slice(0, 20);
  const headers = { origin };
  expect(
    (await r.post('/api/sms/send', { form: { phone, type: 'register' }, headers })).status(),
  ).toBe(200);
  const code = (await (await r.get(`/api/dev/sms?phone=${phone}`)).json()).data.code;
  const res = await r.post('/api/register', {
    headers,
    form: {
      username,
      password: 'Secret123',
      password_confirmation: 'Secret123',
      phone,
      code,
      company_name: `测试大药房${username}`,
      company_type: 'pharmacy',
      province: '湖北省',
      city: '武汉市',
      district: '洪山区',
      address: '珞喻路 1 号',
      contact_name: '张三',
      contact_phone: '027-87654321',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}

/** The demo reviewer approves a licence through the staff API. */
export async function approveLicence(id: number, origin: string): Promise<void> {
  const reviewer = await request.newContext({ baseURL: origin });
  const signedIn = await reviewer.post('/api/admin/login', {
    form: { login: 'reviewer', password: 'yaopi2026' },
    headers: { origin },
  });
  expect(signedIn.status()).toBe(200);
  const review = await reviewer.post(`/api/admin/licences/${id}/review`, {
    form: { state: 'approved' },
    headers: { origin },
  });
  expect(review.status(), await review.text()).toBe(200);
  await reviewer.dispose();
}

/** Logs `member` (the page's request context) in as a new, approved pharmacy that signed the e-contract; returns its username. */
export async function freshApprovedPharmacy(
  member: APIRequestContext,
  origin: string,
): Promise<string> {
  const username = await register(member, origin);
  const upload = await member.post('/api/user/zizhi', {
    headers: { origin },
    multipart: {
      type: 'drug_trade',
      number: '鄂AA0279999',
      expires_on: inDays(300),
      file: { name: 'licence.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(upload.status()).toBe(201);
  await approveLicence((await upload.json()).data.id, origin);
  // An approved store also signs the e-contract before its first order (SPEC §8, 459).
  const signed = await member.post('/api/user/contract', {
    form: { agree: '1', signer: '张三' },
    headers: { origin },
  });
  expect(signed.status()).toBe(200);
  return username;
}
