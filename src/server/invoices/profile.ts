// The buyer's 开票信息. Until the store saves its own, the title is the company name and the tax
// number its business licence number (统一社会信用代码), which is what most invoices carry.
import { and, desc, eq, ne } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { companies, type InvoiceProfile, licences } from '#/server/db/schema/index.ts';
import { notFound } from '#/server/errors.ts';
import type { InvoiceProfileInput } from './forms.ts';

export async function invoiceProfileOf(q: Db | Tx, companyId: number): Promise<InvoiceProfile> {
  const [c] = await q
    .select({ name: companies.name, profile: companies.invoiceProfile })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!c) throw notFound('门店不存在');
  if (c.profile) return c.profile;
  const [lic] = await q
    .select({ number: licences.number })
    .from(licences)
    .where(
      and(
        eq(licences.companyId, companyId),
        eq(licences.type, 'business'),
        ne(licences.state, 'rejected'),
      ),
    )
    .orderBy(desc(licences.id))
    .limit(1);
  return { title: c.name, taxNo: lic?.number ?? '', bank: '', account: '', addressPhone: '' };
}

export async function saveInvoiceProfile(
  companyId: number,
  input: InvoiceProfileInput,
): Promise<InvoiceProfile> {
  const profile: InvoiceProfile = {
    title: input.title,
    taxNo: input.tax_no,
    bank: input.bank,
    account: input.account,
    addressPhone: input.address_phone,
  };
  const db = await getDb();
  await db.update(companies).set({ invoiceProfile: profile }).where(eq(companies.id, companyId));
  return profile;
}

/** What a 专用发票 cannot be issued without; empty when the profile is complete for `type`. */
export function missingFor(type: string, p: InvoiceProfile): string[] {
  const missing: string[] = [];
  if (!p.title) missing.push('发票抬头');
  if (!p.taxNo) missing.push('纳税人识别号');
  if (type === 'special') {
    if (!p.bank) missing.push('开户银行');
    if (!p.account) missing.push('银行账号');
    if (!p.addressPhone) missing.push('注册地址及电话');
  }
  return missing;
}
