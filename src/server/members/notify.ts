// Tells a store's login what happened (站内信 on /wdxx, the unread badge): licence reviews,
// shipments, slips, returns, refunds, transfers. Written in the transaction of the event itself,
// so a rolled-back change never leaves a message behind.
import { eq } from 'drizzle-orm';
import type { Tx } from '#/server/db/client.ts';
import { companies, memberMessages } from '#/server/db/schema/index.ts';

export async function notifyCompany(
  tx: Tx,
  companyId: number,
  message: { title: string; content: string; link?: string },
): Promise<void> {
  const [c] = await tx
    .select({ accountId: companies.accountId })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!c) return;
  await tx.insert(memberMessages).values({ accountId: c.accountId, ...message });
}

/** A message to one login (feedback is a login's, not a store's). */
export async function notifyAccount(
  tx: Tx,
  accountId: number,
  message: { title: string; content: string; link?: string },
): Promise<void> {
  await tx.insert(memberMessages).values({ accountId, ...message });
}
