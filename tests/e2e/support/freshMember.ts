import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { randomInt } from 'node:crypto';

// A pharmacy of its own for a spec whose cart must meet no other spec's: registered through the
// API, its drug-trade licence approved by the demo reviewer (staff API), so it can buy in its scope.

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const inDays = (n: number) =>
  new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

/** Registers a new pharmacy in 湖北省武汉市 through the API (logged in on `r`); answers its username. Its password is Secret123. */
export async function registerPharmacy(r: APIRequestContext, origin: string): Promise<string> {
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
  const username = await registerPharmacy(member, origin);
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

/** Uploads a licence through the /zzzj form (the page is there); it is listed as 审核中. */
export async function uploadLicenceOnPage(
  page: Page,
  l: { type?: string; number?: string; expiresOn?: string; file?: Buffer } = {},
) {
  const number = l.number ?? '鄂AA0271234';
  const form = page.getByTestId('licence-form');
  await expect(form.getByRole('button', { name: '上传证件' })).toBeEnabled(); // hydrated
  await form.locator('select[name=type]').selectOption(l.type ?? 'drug_trade');
  await form.locator('input[name=number]').fill(number);
  await form.locator('input[name=expires_on]').fill(l.expiresOn ?? '2030-06-30');
  await form
    .locator('input[name=file]')
    .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: l.file ?? PNG });
  await form.getByRole('button', { name: '上传证件' }).click();
  const row = page.getByTestId('licence-table').locator('tr', { hasText: number });
  await expect(row).toContainText('审核中');
}
