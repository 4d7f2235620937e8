// The legal entity that runs the shop, as the operator entered it in site_settings (the footer's
// licences): contracts, delivery notes and invoices name this company, never the brand.
import { eq } from 'drizzle-orm';
import { SITE_NAME } from '#/lib/constants.ts';
import { getDb, type Db, type Tx } from './db/client.ts';
import { siteSettings } from './db/schema/index.ts';

export async function operatorSettings(q: Db | Tx): Promise<Record<string, string>> {
  const [op] = await q
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, 'operator'))
    .limit(1);
  return (op?.value as Record<string, string> | undefined) ?? {};
}

export const operatorCompany = (operator: Record<string, string>) =>
  operator['company'] || SITE_NAME;

/** The legal entity that sells, as the footer's licences name it: on every paper the shop issues. */
export async function shopIdentity(
  q?: Db | Tx,
): Promise<{ name: string; licence: string; address: string }> {
  const operator = await operatorSettings(q ?? (await getDb()));
  return {
    name: operatorCompany(operator),
    licence: operator['drug_licence'] ?? '',
    address: operator['address'] ?? '',
  };
}
