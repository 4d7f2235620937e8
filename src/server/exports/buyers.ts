// The buyer list with its licences and their expiry dates, filtered as on the store desk. The
// matching stores and licences are fixed by their ids when the export starts, then read a slice at
// a time as the workbook is written (db/slices.ts): read at once, 50,000 stores with 200,000
// licences took the shop to 838 MB and held every request for 6.8 s.
import { and, asc, desc, eq, inArray, min, sql } from 'drizzle-orm';
import { type Db, getDb } from '#/server/db/client.ts';
import { accounts, companies, licences, serviceAdmins } from '#/server/db/schema/index.ts';
import { inSlices, sliced } from '#/server/db/slices.ts';
import { tooLarge } from '#/server/errors.ts';
import type { StoreFilter } from '#/server/storeProfiles/forms.ts';
import { storeWhere } from '#/server/storeProfiles/queue.ts';
import { outerColumn } from '#/server/db/rows.ts';

/** Licences one export holds at most: Excel and WPS open a sheet of at most 1,048,576 rows. */
export const BUYER_EXPORT_MAX_LICENCES = 1_000_000;

/** A slice of stores, newest first, each with the soonest expiry of its approved licences. */
async function storesSlice(db: Db, ids: number[]) {
  const [stores, expiries] = await Promise.all([
    db
      .select({
        company: companies,
        username: accounts.username,
        phone: accounts.phone,
        contact: accounts.name,
        admin: serviceAdmins.name,
      })
      .from(companies)
      .innerJoin(accounts, eq(accounts.id, companies.accountId))
      .leftJoin(serviceAdmins, eq(serviceAdmins.id, companies.adminId))
      .where(inArray(companies.id, ids))
      .orderBy(desc(companies.id)),
    db
      .select({ companyId: licences.companyId, firstExpiry: min(licences.expiresOn) })
      .from(licences)
      .where(and(inArray(licences.companyId, ids), eq(licences.state, 'approved')))
      .groupBy(licences.companyId),
  ]);
  const firstExpiry = new Map(expiries.map((e) => [e.companyId, e.firstExpiry]));
  return stores.map((s) => ({ ...s, firstExpiry: firstExpiry.get(s.company.id) ?? null }));
}

function licencesSlice(db: Db, ids: number[]) {
  return db
    .select({
      licence: licences,
      // Looked up per licence: joined, the planner scanned every store for each slice (2× slower).
      companyName: sql<string>`(SELECT ${companies.name} FROM ${companies} WHERE ${companies.id} = ${outerColumn(licences.companyId)})`,
    })
    .from(licences)
    .where(inArray(licences.id, ids))
    .orderBy(asc(licences.expiresOn), asc(licences.id));
}

type ExportedStore = Awaited<ReturnType<typeof storesSlice>>[number];
type ExportedLicence = Awaited<ReturnType<typeof licencesSlice>>[number];

export interface BuyerExport {
  /** how many stores the export holds */
  count: number;
  /** newest first */
  stores: AsyncIterable<ExportedStore>;
  /** soonest expiry first */
  licences: AsyncIterable<ExportedLicence>;
}

export async function buyersForExport(
  f: Omit<StoreFilter, 'page' | 'per_page'>,
): Promise<BuyerExport> {
  const db = await getDb();
  const where = storeWhere(f);
  const storeIds = (
    await db
      .select({ id: companies.id })
      .from(companies)
      .innerJoin(accounts, eq(accounts.id, companies.accountId))
      .where(where)
      .orderBy(desc(companies.id))
  ).map((s) => s.id);
  const licenceIds = (
    await db
      .select({ id: licences.id })
      .from(licences)
      .innerJoin(companies, eq(companies.id, licences.companyId))
      .innerJoin(accounts, eq(accounts.id, companies.accountId))
      .where(where)
      .orderBy(asc(licences.expiresOn), asc(licences.id))
      .limit(BUYER_EXPORT_MAX_LICENCES + 1)
  ).map((l) => l.id);
  if (licenceIds.length > BUYER_EXPORT_MAX_LICENCES)
    throw tooLarge(
      `符合条件的资质证件超过${BUYER_EXPORT_MAX_LICENCES / 10_000}万条，请按类型或省份筛选后再导出`,
    );
  return {
    count: storeIds.length,
    stores: inSlices(sliced(storeIds), (slice) => storesSlice(db, slice)),
    licences: inSlices(sliced(licenceIds), (slice) => licencesSlice(db, slice)),
  };
}
