// Dedicated service contacts (专属客服): the name and numbers a store sees on its member pages, and
// the staff login that answers the store's chats first (chat/routing.ts). One of them is the
// default that new stores get (members/register.ts).
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { companies, serviceAdmins, staff } from '#/server/db/schema/index.ts';
import { invalidate } from '#/server/cache.ts';
import { conflict, invalid, notFound } from '#/server/errors.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import type { ServiceContactInput } from './forms.ts';

export interface ServiceContactRow {
  id: number;
  name: string;
  phone: string;
  phone1: string;
  isDefault: boolean;
  staffId: number | null;
  staffLogin: string | null;
  staffName: string | null;
  stores: number;
}

export async function listServiceContacts(): Promise<ServiceContactRow[]> {
  const db = await getDb();
  const stores = db
    .select({ adminId: companies.adminId, n: count().as('n') })
    .from(companies)
    .groupBy(companies.adminId)
    .as('stores');
  const rows = await db
    .select({
      id: serviceAdmins.id,
      name: serviceAdmins.name,
      phone: serviceAdmins.phone,
      phone1: serviceAdmins.phone1,
      isDefault: serviceAdmins.isDefault,
      staffId: serviceAdmins.staffId,
      staffLogin: staff.login,
      staffName: staff.name,
      stores: sql<number>`coalesce(${stores.n}, 0)`.mapWith(Number),
    })
    .from(serviceAdmins)
    .leftJoin(staff, eq(staff.id, serviceAdmins.staffId))
    .leftJoin(stores, eq(stores.adminId, serviceAdmins.id))
    .orderBy(asc(serviceAdmins.id));
  return rows;
}

/** Enabled staff with the service role: the logins a contact may be linked to. */
export async function serviceLogins(q?: Tx) {
  const db = q ?? (await getDb());
  return db
    .select({ id: staff.id, login: staff.login, name: staff.name })
    .from(staff)
    .where(and(eq(staff.disabled, false), sql`'service' = any(${staff.roles})`))
    .orderBy(asc(staff.login));
}

async function checkStaff(tx: Tx, staffId: number | null): Promise<void> {
  if (staffId === null) return;
  if (!(await serviceLogins(tx)).some((s) => s.id === staffId))
    throw invalid('staff_id', '客服账号不存在、已停用或没有「客服」角色');
}

/** Creates (id null) or changes a contact; answers its id. Audited. */
export async function saveServiceContact(
  id: number | null,
  input: ServiceContactInput,
  actor: StaffActor,
): Promise<number> {
  const db = await getDb();
  const values = {
    name: input.name,
    phone: input.phone,
    phone1: input.phone_1,
    isDefault: input.is_default,
    staffId: input.staff_id,
  };
  const { saved, stores } = await db.transaction(async (tx) => {
    // One default at a time: concurrent saves queue on the contacts' table.
    await tx.execute(sql`lock table ${serviceAdmins} in share row exclusive mode`);
    let before: typeof serviceAdmins.$inferSelect | null = null;
    if (id !== null) {
      [before = null] = await tx.select().from(serviceAdmins).where(eq(serviceAdmins.id, id));
      if (!before) throw notFound('专属客服不存在');
      if (before.isDefault && !input.is_default)
        throw conflict('新注册门店需要一位默认专属客服：请把另一位设为默认，本项会随之取消');
    }
    await checkStaff(tx, input.staff_id);
    const [after] =
      id === null
        ? await tx.insert(serviceAdmins).values(values).returning()
        : await tx.update(serviceAdmins).set(values).where(eq(serviceAdmins.id, id)).returning();
    if (input.is_default)
      await tx
        .update(serviceAdmins)
        .set({ isDefault: false })
        .where(and(eq(serviceAdmins.isDefault, true), ne(serviceAdmins.id, after!.id)));
    await recordAudit(tx, actor, {
      action: id === null ? 'service_contact.create' : 'service_contact.update',
      entity: 'service_admin',
      entityId: after!.id,
      before,
      after,
    });
    const served = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.adminId, after!.id));
    return { saved: after!.id, stores: served.map((c) => c.id) };
  });
  // Its stores show the contact's name and numbers on their pages.
  if (stores.length) invalidate({ company: stores });
  return saved;
}
