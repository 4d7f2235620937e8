// Who answers a conversation that nobody answers yet: the store's dedicated service contact when
// their desk is open, else the online service staff member with the fewest open conversations.
// Nobody online (or outside service hours): it waits in the desk's queue.
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Tx } from '#/server/db/client.ts';
import { chatConversations, companies, serviceAdmins } from '#/server/db/schema/index.ts';
import { onlineServiceStaff } from './presence.ts';

export async function pickStaff(tx: Tx, companyId: number): Promise<number | null> {
  const online = await onlineServiceStaff(tx);
  if (online.length === 0) return null;
  const [contact] = await tx
    .select({ staffId: serviceAdmins.staffId })
    .from(companies)
    .innerJoin(serviceAdmins, eq(serviceAdmins.id, companies.adminId))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (contact?.staffId && online.includes(contact.staffId)) return contact.staffId;
  const load = await tx
    .select({ staffId: chatConversations.staffId, n: count() })
    .from(chatConversations)
    .where(and(eq(chatConversations.status, 'open'), inArray(chatConversations.staffId, online)))
    .groupBy(chatConversations.staffId);
  const busy = new Map(load.map((r) => [r.staffId, r.n]));
  return online.reduce((best, id) => ((busy.get(id) ?? 0) < (busy.get(best) ?? 0) ? id : best));
}
