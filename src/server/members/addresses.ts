// Delivery addresses of a store. Every query is scoped by company: another member's id is "not found".
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { AddressView } from '#/lib/apiTypes.ts';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import { addresses } from '#/server/db/schema/index.ts';
import { notFound, invalid } from '#/server/errors.ts';
import type { AddressInput } from './forms.ts';

export const MAX_ADDRESSES = 20;
const NOT_FOUND = '收货地址不存在';

type Row = typeof addresses.$inferSelect;
const view = (r: Row): AddressView => ({
  id: r.id,
  consignee: r.consignee,
  phone: r.phone,
  province: r.province,
  city: r.city,
  district: r.district,
  detail: r.detail,
  full_address: [r.province, r.city, r.district, r.detail].filter(Boolean).join(' '),
  is_default: r.isDefault,
});

/** A store's addresses, default first. Pass the transaction when called inside one (checkout). */
export async function listAddresses(companyId: number, tx?: Db | Tx): Promise<AddressView[]> {
  const db = tx ?? (await getDb());
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.companyId, companyId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id));
  return rows.map(view);
}

async function clearDefault(tx: Tx, companyId: number) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.companyId, companyId), eq(addresses.isDefault, true)));
}

const values = (input: AddressInput) => ({
  consignee: input.consignee,
  phone: input.phone,
  province: input.province,
  city: input.city,
  district: input.district,
  detail: input.detail,
});

export async function addAddress(companyId: number, input: AddressInput): Promise<AddressView> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [n] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.companyId, companyId));
    const existing = Number(n?.n ?? 0);
    if (existing >= MAX_ADDRESSES) throw invalid('detail', `最多保存${MAX_ADDRESSES}个收货地址`);
    // The first address is the default whatever the form says.
    const isDefault = input.is_default || existing === 0;
    if (isDefault) await clearDefault(tx, companyId);
    const [row] = await tx
      .insert(addresses)
      .values({ companyId, ...values(input), isDefault })
      .returning();
    return view(row!);
  });
}

export async function updateAddress(
  companyId: number,
  id: number,
  input: AddressInput,
): Promise<AddressView> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (input.is_default) await clearDefault(tx, companyId);
    const [row] = await tx
      .update(addresses)
      .set({ ...values(input), ...(input.is_default ? { isDefault: true } : {}) })
      .where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)))
      .returning();
    if (!row) throw notFound(NOT_FOUND);
    return view(row);
  });
}

export async function setDefaultAddress(companyId: number, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)))
      .limit(1);
    if (!row) throw notFound(NOT_FOUND);
    await clearDefault(tx, companyId);
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
  });
}

export async function deleteAddress(companyId: number, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)))
      .returning({ isDefault: addresses.isDefault });
    if (!row) throw notFound(NOT_FOUND);
    if (row.isDefault) {
      // Another address takes over as default so checkout always has one.
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.companyId, companyId))
        .orderBy(asc(addresses.id))
        .limit(1);
      if (next)
        await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
  });
}

export type { AddressView };
