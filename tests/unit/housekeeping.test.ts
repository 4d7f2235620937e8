import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { memoryDb } from '../support/memoryDb.ts';

let env: Awaited<ReturnType<typeof memoryDb>>;
let hk: typeof import('#/server/housekeeping.ts');

beforeAll(async () => {
  env = await memoryDb();
  hk = await import('#/server/housekeeping.ts');
}, 60_000);

const HOUR = 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('housekeeping', () => {
  it('deletes ended sessions, old login failures, old rate-limit windows, old SMS codes and old catalogue changes, and keeps live ones', async () => {
    const { db, schema } = env;
    const m = await env.member();
    await db.insert(schema.sessions).values([
      {
        tokenHash: 'live',
        accountId: m.accountId,
        companyId: m.companyId,
        expiresAt: new Date(Date.now() + HOUR),
      },
      {
        tokenHash: 'expired',
        accountId: m.accountId,
        companyId: m.companyId,
        expiresAt: ago(HOUR),
      },
      {
        tokenHash: 'idle',
        accountId: m.accountId,
        companyId: m.companyId,
        expiresAt: new Date(Date.now() + HOUR),
        lastSeenAt: ago(8 * 24 * HOUR),
      },
    ]);
    await db
      .insert(schema.loginFailures)
      .values([{ key: 'ip:old', at: ago(HOUR) }, { key: 'ip:new' }]);
    await db.insert(schema.rateLimits).values([
      { key: 'old', windowStart: ago(25 * HOUR), count: 3 },
      { key: 'new', windowStart: new Date(), count: 1 },
    ]);
    await db.insert(schema.smsCodes).values([
      { phone: '13900000001', purpose: 'register', code: '111111', expiresAt: ago(25 * HOUR) },
      {
        phone: '13900000002',
        purpose: 'register',
        code: '222222',
        expiresAt: new Date(Date.now() + 5 * 60_000),
      },
    ]);

    // The catalogue's change log: read by every process within minutes, kept for half an hour.
    await db.execute(
      sql`INSERT INTO catalog_changes (goods_id, at) VALUES (1, now() - interval '2 hours'), (2, now())`,
    );
    expect(await hk.purgeStaleRows()).toEqual({
      sessions: 2,
      loginFailures: 1,
      rateLimits: 1,
      smsCodes: 1,
      catalogChanges: 1,
    });
    const kept = await db.execute(sql`SELECT goods_id FROM catalog_changes`);
    expect((kept as unknown as { rows: unknown[] }).rows).toEqual([{ goods_id: 2 }]);
    expect(
      (
        await db.select().from(schema.sessions).where(eq(schema.sessions.accountId, m.accountId))
      ).map((s) => s.tokenHash),
    ).toEqual(['live']);
    expect((await db.select().from(schema.loginFailures)).map((r) => r.key)).toEqual(['ip:new']);
    expect((await db.select().from(schema.rateLimits)).map((r) => r.key)).toEqual(['new']);
    expect(
      (
        await db
          .select()
          .from(schema.smsCodes)
          .where(inArray(schema.smsCodes.phone, ['13900000001', '13900000002']))
      ).map((r) => r.code),
    ).toEqual(['222222']);
    // A second process doing the same at once finds nothing left to do.
    expect(await hk.purgeStaleRows()).toEqual({
      sessions: 0,
      loginFailures: 0,
      rateLimits: 0,
      smsCodes: 0,
      catalogChanges: 0,
    });
  });
});
