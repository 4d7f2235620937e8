// A chat stream lives no longer than its session: logging out, a staff logout and a staff member
// disabled end the open streams at once (the server closes them), and the old cookie opens none.
import { describe, expect, it } from 'vitest';
import { newServiceStaff, openStream } from '../support/chat.ts';
import { Client } from '../support/http.ts';
import { registerMember } from '../support/members.ts';
import { staffLogin } from '../support/staff.ts';

const BUYER = '/api/chat/stream';
const DESK = '/api/admin/chat/stream';
const within = <T>(p: Promise<T>, ms = 3000) =>
  Promise.race([
    p.then(() => 'ended'),
    new Promise((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);

/** A client holding the same cookies as `c` (the browser tab left behind after logout). */
function copyOf(c: Client): Client {
  const copy = new Client(c.base);
  copy.cookies = new Map(c.cookies);
  return copy;
}

describe('chat streams and sessions', () => {
  it("a buyer's logout ends their streams; another store's stream stays", async () => {
    const m = await registerMember();
    const other = await registerMember();
    const stale = copyOf(m.client);
    const [mine, second, theirs] = await Promise.all([
      openStream(m.client, BUYER),
      openStream(m.client, BUYER),
      openStream(other.client, BUYER),
    ]);
    for (const s of [mine, second, theirs]) {
      expect(s.status).toBe(200);
      await s.next((e) => e.type === 'hello');
    }
    expect((await m.client.request('DELETE', '/api/user/logout')).status).toBe(200);
    expect(await within(mine.ended)).toBe('ended');
    expect(await within(second.ended)).toBe('ended');
    expect(await within(theirs.ended, 500)).toBe('still open');
    expect((await openStream(stale, BUYER)).status).toBe(401);
    theirs.close();
  });

  it("a staff logout, or the staff member disabled, ends their desk's streams", async () => {
    const admin = await staffLogin('admin');
    const a = await newServiceStaff(admin, '测试客服己');
    const stale = copyOf(a);
    const desk = await openStream(a, DESK);
    expect(desk.status).toBe(200);
    await desk.next((e) => e.type === 'hello');
    expect((await a.request('DELETE', '/api/admin/logout')).status).toBe(200);
    expect(await within(desk.ended)).toBe('ended');
    expect((await openStream(stale, DESK)).status).toBe(401);

    const b = await newServiceStaff(admin, '测试客服庚');
    const second = await openStream(b, DESK);
    await second.next((e) => e.type === 'hello');
    expect((await admin.post(`/api/admin/staff/${b.id}`, { disabled: '1' })).status).toBe(200);
    expect(await within(second.ended)).toBe('ended');
    expect((await openStream(b, DESK)).status).toBe(401);
  });
});
