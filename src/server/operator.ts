// The legal entity that runs the shop, as the operator entered it in site_settings (the footer's
// licences): contracts, delivery notes and invoices name this company, never the brand.
import { eq } from 'drizzle-orm';
import { SITE_NAME } from '#/lib/constants.ts';
import type { Db, Tx } from './db/client.ts';
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
