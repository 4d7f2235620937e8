// Helpers for the members' API tests: fresh members of their own, SMS codes through the test hook.
import { randomInt } from 'node:crypto';
import { Client } from './http.ts';

/** A client whose requests come from their own client IP (the test server trusts X-Forwarded-For). */
export class IpClient extends Client {
  ip = `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
  override request<T = any>(
    method: string,
    path: string,
    opts: Parameters<Client['request']>[2] = {},
  ) {
    return super.request<T>(method, path, {
      ...opts,
      headers: { 'x-forwarded-for': this.ip, ...opts.headers },
    });
  }
}

export const uniquePhone = () => `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
export const uniqueUsername = () =>
  `t${Date.now().toString(36)}${randomInt(0, 1e6).toString(36)}`.slice(0, 20);

export async function smsCode(
  c: Client,
  phone: string,
  type: 'register' | 'reset',
): Promise<string> {
  const sent = await c.post('/api/sms/send', { phone, type });
  if (sent.status !== 200) throw new Error(`sms send ${sent.status} ${JSON.stringify(sent.body)}`);
  const res = await c.get('/api/dev/sms', { phone });
  return res.body.data.code as string;
}

export interface Member {
  client: IpClient;
  username: string;
  phone: string;
  password: string;
  companyName: string;
}

export const PASSWORD = 'Secret123';

/** Registers a new member (logged in on the returned client). */
export async function registerMember(overrides: Record<string, string> = {}): Promise<Member> {
  const client = new IpClient();
  const phone = overrides['phone'] ?? uniquePhone();
  const username = overrides['username'] ?? uniqueUsername();
  const code = await smsCode(client, phone, 'register');
  const form = {
    username,
    password: PASSWORD,
    password_confirmation: PASSWORD,
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
    ...overrides,
  };
  const res = await client.post('/api/register', form);
  if (res.status !== 201) throw new Error(`register ${res.status} ${JSON.stringify(res.body)}`);
  return { client, username, phone, password: form.password, companyName: form.company_name };
}

/** A captcha drawn for this client, with its answer set through the test hook (tests cannot read the picture). */
export async function solvedCaptcha(c: Client): Promise<{ captcha_id: string; captcha: string }> {
  const drawn = await c.get('/api/captcha');
  if (drawn.status !== 200) throw new Error(`captcha ${drawn.status}`);
  const id = drawn.body.data.id as string;
  const set = await c.post('/api/dev/captcha', { id, answer: 'k7mp' });
  if (set.status !== 200) throw new Error(`captcha hook ${set.status} ${JSON.stringify(set.body)}`);
  return { captcha_id: id, captcha: 'k7mp' };
}
