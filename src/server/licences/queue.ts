// The reviewer's licence desk: uploads waiting for review (oldest first), reviewed ones (latest
// decision first), and the in-use licences that expire within LICENCE_WARN_DAYS or already have.
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { shopDay } from '#/lib/shopClock.ts';
import { LICENCE_WARN_DAYS } from '#/lib/constants.ts';
import { getDb } from '#/server/db/client.ts';
import { containsPattern } from '#/server/db/rows.ts';
import { accounts, companies, licences, staff } from '#/server/db/schema/index.ts';
import { addDays } from '#/server/qualifications.ts';
import type { LicenceFilter, LicenceTab } from './forms.ts';
import { outerColumn } from '#/server/db/rows.ts';

export type LicenceRow = typeof licences.$inferSelect;

export interface LicenceCase {
  licence: LicenceRow;
  company: {
    id: number;
    name: string;
    type: (typeof companies.$inferSelect)['type'];
    province: string;
    city: string;
    jyfw: string[];
    isPassed: boolean;
  };
  username: string;
  reviewer: string | null;
  /** a newer upload of the same type waits for review (the renewal of an expiring licence) */
  renewalPending: boolean;
}

/**
 * In use: approved, and no approved licence of the store's same type runs longer (the one the
 * buyer's ordering depends on, as qualifications.licenceStatus picks it).
 */
const outer = {
  companyId: outerColumn(licences.companyId),
  type: outerColumn(licences.type),
  expiresOn: outerColumn(licences.expiresOn),
  id: outerColumn(licences.id),
};
const inUse = sql`NOT EXISTS (SELECT 1 FROM licences n WHERE n.company_id = ${outer.companyId}
  AND n.type = ${outer.type} AND n.state = 'approved'
  AND (n.expires_on > ${outer.expiresOn} OR (n.expires_on = ${outer.expiresOn} AND n.id > ${outer.id})))`;

/** Licences in use that expire within LICENCE_WARN_DAYS of `today` or have expired: the 到期提醒 list. */
export function expiringWhere(today: string): SQL {
  const until = addDays(today, LICENCE_WARN_DAYS);
  return and(eq(licences.state, 'approved'), sql`${licences.expiresOn} <= ${until}`, inUse)!;
}

const tabWhere = (tab: LicenceTab, today: string): SQL =>
  tab === 'expiring' ? expiringWhere(today) : eq(licences.state, tab);

const TAB_ORDER: Record<LicenceTab, SQL[]> = {
  pending: [asc(licences.createdAt), asc(licences.id)],
  approved: [sql`${licences.reviewedAt} DESC NULLS LAST`, desc(licences.id)],
  rejected: [sql`${licences.reviewedAt} DESC NULLS LAST`, desc(licences.id)],
  expiring: [asc(licences.expiresOn), asc(licences.id)],
};

function keywordWhere(q: string): SQL | undefined {
  if (!q) return undefined;
  const like = containsPattern(q);
  return or(
    ilike(companies.name, like),
    ilike(accounts.username, like),
    ilike(licences.number, like),
  );
}

async function casesWhere(where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const db = await getDb();
  const rows = await db
    .select({
      licence: licences,
      company: {
        id: companies.id,
        name: companies.name,
        type: companies.type,
        province: companies.province,
        city: companies.city,
        jyfw: companies.jyfw,
        isPassed: companies.isPassed,
      },
      username: accounts.username,
      reviewer: staff.login,
      renewalPending: sql<boolean>`EXISTS (SELECT 1 FROM licences p WHERE p.company_id = ${outer.companyId}
        AND p.type = ${outer.type} AND p.state = 'pending' AND p.id > ${outer.id})`,
    })
    .from(licences)
    .innerJoin(companies, eq(companies.id, licences.companyId))
    .innerJoin(accounts, eq(accounts.id, companies.accountId))
    .leftJoin(staff, eq(staff.id, licences.reviewedBy))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rows.map((r): LicenceCase => ({ ...r, renewalPending: Boolean(r.renewalPending) }));
}

export async function licenceQueue(f: LicenceFilter) {
  const db = await getDb();
  const where = and(tabWhere(f.state, shopDay(new Date())), keywordWhere(f.q));
  const rows = await casesWhere(where, TAB_ORDER[f.state], f.per_page, (f.page - 1) * f.per_page);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(licences)
    .innerJoin(companies, eq(companies.id, licences.companyId))
    .innerJoin(accounts, eq(accounts.id, companies.accountId))
    .where(where);
  return { rows, total: Number(count?.n ?? 0), page: f.page, perPage: f.per_page };
}

/** One licence as the desk shows it. */
export async function licenceCase(id: number): Promise<LicenceCase | undefined> {
  const [c] = await casesWhere(eq(licences.id, id), [asc(licences.id)], 1, 0);
  return c;
}

/** How many licences each tab holds (the tabs show them). */
export async function licenceTabCounts(): Promise<Record<LicenceTab, number>> {
  const db = await getDb();
  const today = shopDay(new Date());
  const [row] = await db
    .select({
      pending: sql<number>`count(*) FILTER (WHERE ${tabWhere('pending', today)})::int`,
      approved: sql<number>`count(*) FILTER (WHERE ${tabWhere('approved', today)})::int`,
      rejected: sql<number>`count(*) FILTER (WHERE ${tabWhere('rejected', today)})::int`,
      expiring: sql<number>`count(*) FILTER (WHERE ${tabWhere('expiring', today)})::int`,
    })
    .from(licences);
  return {
    pending: Number(row?.pending ?? 0),
    approved: Number(row?.approved ?? 0),
    rejected: Number(row?.rejected ?? 0),
    expiring: Number(row?.expiring ?? 0),
  };
}
