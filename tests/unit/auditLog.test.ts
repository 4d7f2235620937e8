// The audit log is append-only in the database itself: no code path, and no SQL, changes a row.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryDb } from '../support/memoryDb.ts';

/** The database's own words for a refused statement (drizzle wraps them as the error's cause). */
async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (e) {
    return String((e as { cause?: Error }).cause?.message ?? (e as Error).message);
  }
  return 'not refused';
}

let ctx: Awaited<ReturnType<typeof memoryDb>>;
beforeAll(async () => {
  ctx = await memoryDb();
}, 60_000);

describe('audit log', () => {
  it('takes inserts and refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { db, schema } = ctx;
    const [row] = await db
      .insert(schema.auditLog)
      .values({
        staffLogin: 'admin',
        role: 'admin',
        action: 'staff.add',
        entity: 'staff',
        entityId: '1',
      })
      .returning();
    expect(row!.id).toBeGreaterThan(0);
    expect(
      await refusal(db.execute(sql`UPDATE audit_log SET action = 'x' WHERE id = ${row!.id}`)),
    ).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`DELETE FROM audit_log WHERE id = ${row!.id}`))).toMatch(
      /append-only/,
    );
    expect(await refusal(db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only/);
    const [still] = await db.select().from(schema.auditLog);
    expect(still!.action).toBe('staff.add');
  });
});
