// Multi-store (多店): one login manages several companies; the session carries the current one.
import { asc, eq } from 'drizzle-orm';
import type { StoreView } from '#/lib/apiTypes.ts';
import { getDb } from '#/server/db/client.ts';
import { companies } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import { switchSessionCompany } from '#/server/sessions.ts';
import { licenceStatuses } from '#/server/qualifications.ts';
import { COMPANY_TYPE_LABELS } from '#/lib/validation.ts';
import { fullAddress } from './address.ts';

export async function listStores(
  accountId: number,
  currentCompanyId: number,
): Promise<StoreView[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(companies)
    .where(eq(companies.accountId, accountId))
    .orderBy(asc(companies.id));
  const statuses = await licenceStatuses(rows.map((c) => c.id));
  return rows.map((c) => {
    const status = statuses.get(c.id)!;
    return {
      id: c.id,
      name: c.name,
      type_name: COMPANY_TYPE_LABELS[c.type],
      address: fullAddress(c.province, c.city, c.address),
      is_passed: c.isPassed,
      is_current: c.id === currentCompanyId,
      contract_signed: c.contractSignedAt !== null,
      licence_expired: status.expired,
      licence_expiring: status.expiringSoon.length,
    };
  });
}

export async function switchStore(
  token: string,
  accountId: number,
  companyId: number,
): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ accountId: companies.accountId })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row || row.accountId !== accountId) throw notFound('门店不存在');
  await switchSessionCompany(token, companyId);
}

export type { StoreView };
