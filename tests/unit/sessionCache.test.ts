import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { memoryDb } from '../support/memoryDb.ts';
import { invalidate } from '#/server/cache.ts';

let env: Awaited<ReturnType<typeof memoryDb>>;
let sessions: typeof import('#/server/sessions.ts');

beforeAll(async () => {
  env = await memoryDb();
  sessions = await import('#/server/sessions.ts');
}, 60_000);

afterEach(() => vi.useRealTimers());

/** Deletes the row behind the session's back, as another app process would. */
const deleteRow = (accountId: number) =>
  env.db.delete(env.schema.sessions).where(eq(env.schema.sessions.accountId, accountId));

describe('session lookup cache', () => {
  it('answers from memory within SESSION_CACHE_MS, then asks the database again', async () => {
    const m = await env.member();
    const { token } = await sessions.createSession(m.accountId, m.companyId);
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await sessions.readSession(token)).toMatchObject({
      accountId: m.accountId,
      companyId: m.companyId,
      isPassed: false,
    });
    await deleteRow(m.accountId);
    // Another process logged it out: this process still knows it for a moment (the documented lag).
    expect(await sessions.readSession(token)).toMatchObject({ accountId: m.accountId });
    vi.advanceTimersByTime(sessions.SESSION_CACHE_MS + 1);
    expect(await sessions.readSession(token)).toBeNull();
  });

  it('forgets a session at once on logout, password change and store switch in this process', async () => {
    const m = await env.member();
    const a = await sessions.createSession(m.accountId, m.companyId);
    await sessions.readSession(a.token);
    await sessions.destroySession(a.token);
    expect(await sessions.readSession(a.token)).toBeNull();

    const b = await sessions.createSession(m.accountId, m.companyId);
    const c = await sessions.createSession(m.accountId, m.companyId);
    await Promise.all([sessions.readSession(b.token), sessions.readSession(c.token)]);
    await sessions.destroyAccountSessions(m.accountId);
    expect(await sessions.readSession(b.token)).toBeNull();
    expect(await sessions.readSession(c.token)).toBeNull();

    const [other] = await env.db
      .insert(env.schema.companies)
      .values({ accountId: m.accountId, name: '第二门店', type: 'pharmacy', province: '湖北省' })
      .returning();
    const d = await sessions.createSession(m.accountId, m.companyId);
    await sessions.readSession(d.token);
    await sessions.switchSessionCompany(d.token, other!.id);
    expect((await sessions.readSession(d.token))?.companyId).toBe(other!.id);
  });

  it('forgets the sessions of a store whose approval changed', async () => {
    const m = await env.member();
    const { token } = await sessions.createSession(m.accountId, m.companyId);
    expect((await sessions.readSession(token))?.isPassed).toBe(false);
    await env.db
      .update(env.schema.companies)
      .set({ isPassed: true })
      .where(eq(env.schema.companies.id, m.companyId));
    invalidate({ company: m.companyId });
    expect((await sessions.readSession(token))?.isPassed).toBe(true);
  });

  it('hands every caller its own copy', async () => {
    const m = await env.member();
    const { token } = await sessions.createSession(m.accountId, m.companyId);
    const first = await sessions.readSession(token);
    const name = first!.companyName;
    first!.companyName = 'changed';
    expect((await sessions.readSession(token))?.companyName).toBe(name);
  });
});
