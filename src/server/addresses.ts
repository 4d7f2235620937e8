import { asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from './db/client.ts';
import { getDb } from './db/client.ts';
import { addresses } from './db/schema/index.ts';

// The one way checkout reads delivery addresses (the members team owns addresses; expect a merge).
export type Address = { id: number; name: string; phone: string; region: string; address: string; isDefault: boolean };

export async function listAddresses(companyId: number, db: Db | Tx | null = null): Promise<Address[]> {
  const q = db ?? (await getDb());
  return q.select({
    id: addresses.id, name: addresses.name, phone: addresses.phone, region: addresses.region,
    address: addresses.address, isDefault: addresses.isDefault,
  }).from(addresses).where(eq(addresses.companyId, companyId)).orderBy(desc(addresses.isDefault), asc(addresses.id));
}
