// Who won what: the latest winners of an activity (masked) and one store's own records.
import { desc, eq, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { companies, drawActivities, drawRecords } from '#/server/db/schema/index.ts';
import { activityById } from './activities.ts';
import { maskName } from './pick.ts';

const NEW_RECORDS_SHOWN = 20;

export type DrawRecord = typeof drawRecords.$inferSelect;

/** The latest winners, company names masked. */
export async function latestWinners(activityId: number) {
  await activityById(activityId);
  const db = await getDb();
  const rows = await db
    .select({
      id: drawRecords.id,
      company: companies.name,
      prize: drawRecords.name,
      createdAt: drawRecords.createdAt,
    })
    .from(drawRecords)
    .innerJoin(companies, eq(companies.id, drawRecords.companyId))
    .where(eq(drawRecords.activityId, activityId))
    .orderBy(desc(drawRecords.id))
    .limit(NEW_RECORDS_SHOWN);
  return rows.map((r) => ({ ...r, company: maskName(r.company) }));
}

/** My company's records, newest first. */
export async function myRecords(companyId: number, page: number, perPage: number) {
  const db = await getDb();
  const where = eq(drawRecords.companyId, companyId);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(drawRecords).where(where);
  const rows = await db
    .select({ record: drawRecords, activity: drawActivities.name })
    .from(drawRecords)
    .innerJoin(drawActivities, eq(drawActivities.id, drawRecords.activityId))
    .where(where)
    .orderBy(desc(drawRecords.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: Number(count?.n ?? 0), page, perPage };
}
