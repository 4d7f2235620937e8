import { asc, eq, or } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { accounts, companies } from '#/server/db/schema/index.ts';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from './password.ts';

export interface LoginResult {
  accountId: number;
  companyId: number;
}

/** Checks a username-or-phone and password; the account's first store becomes the current one. */
export async function checkCredentials(
  identifier: string,
  password: string,
): Promise<LoginResult | null> {
  const db = await getDb();
  const [account] = await db
    .select({ id: accounts.id, passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(or(eq(accounts.username, identifier), eq(accounts.phone, identifier)))
    .limit(1);
  // Verify against a fixed hash when the account is unknown so timing does not reveal it.
  const ok = await verifyPassword(password, account?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
  if (!account || !ok) return null;
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.accountId, account.id))
    .orderBy(asc(companies.id))
    .limit(1);
  if (!company) return null;
  return { accountId: account.id, companyId: company.id };
}
