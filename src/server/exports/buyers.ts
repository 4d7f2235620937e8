// The buyer list with its licences and their expiry dates, filtered as on the store desk.
import { asc, desc, eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { accounts, companies, licences, serviceAdmins } from '#/server/db/schema/index.ts';
import type { StoreFilter } from '#/server/storeProfiles/forms.ts';
import { storeWhere } from '#/server/storeProfiles/queue.ts';

export async function buyersForExport(f: Omit<StoreFilter, 'page' | 'per_page'>) {
  const db = await getDb();
  const stores = await db
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
    .where(storeWhere(f))
    .orderBy(desc(companies.id));
  const papers = await db
    .select({ licence: licences, companyName: companies.name })
    .from(licences)
    .innerJoin(companies, eq(companies.id, licences.companyId))
    .innerJoin(accounts, eq(accounts.id, companies.accountId))
    .where(storeWhere(f))
    .orderBy(asc(licences.expiresOn), asc(licences.id));
  return { stores, licences: papers };
}
export type BuyerExport = Awaited<ReturnType<typeof buyersForExport>>;
