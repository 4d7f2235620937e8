// The bank-transfer settings (site_settings `bank_transfer`, defaults in lib/siteDefaults): a
// missing account means the shop takes no transfers; a missing wait falls back to the default.
import { eq } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { siteSettings } from '#/server/db/schema/index.ts';
import { type BankTransferSettings, DEFAULT_BANK_TRANSFER } from '#/lib/siteDefaults.ts';

export const BANK_TRANSFER_KEY = 'bank_transfer';

export async function bankTransferSettings(q?: Db | Tx): Promise<BankTransferSettings> {
  const db = q ?? (await getDb());
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, BANK_TRANSFER_KEY))
    .limit(1);
  const v = (row?.value ?? {}) as Partial<BankTransferSettings>;
  const days = Number(v.wait_days);
  return {
    account_name: String(v.account_name ?? ''),
    bank_name: String(v.bank_name ?? ''),
    account_no: String(v.account_no ?? ''),
    wait_days:
      Number.isInteger(days) && days >= 1 && days <= 60 ? days : DEFAULT_BANK_TRANSFER.wait_days,
  };
}

/** When an order that chose transfer at `chosenAt` stops waiting for the money. */
export const transferDeadline = (chosenAt: Date, waitDays: number) =>
  new Date(chosenAt.getTime() + waitDays * 86_400_000);
