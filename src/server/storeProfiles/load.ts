// One store as the desk edits it: the store, its login, contact, credit terms, licences, the
// controlled goods it is allow-listed for, and the choices the forms offer.
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb, type Db, type Tx } from '#/server/db/client.ts';
import {
  accounts,
  companies,
  companyContacts,
  controlledRules,
  goods,
  licences,
  serviceAdmins,
  wallets,
} from '#/server/db/schema/index.ts';
import { licenceStatus } from '#/server/qualifications.ts';

/** The store's allow-listed controlled goods, by name. */
export async function allowListedGoods(q: Db | Tx, companyId: number) {
  return q
    .select({ id: goods.id, name: goods.name, spec: goods.spec, sccj: goods.sccj })
    .from(controlledRules)
    .innerJoin(goods, eq(goods.id, controlledRules.goodsId))
    .where(sql`${companyId} = ANY(${controlledRules.companyIds})`)
    .orderBy(asc(goods.id));
}

export async function storeProfile(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      company: companies,
      account: {
        id: accounts.id,
        username: accounts.username,
        phone: accounts.phone,
        name: accounts.name,
        isCanChat: accounts.isCanChat,
      },
      contact: companyContacts,
      admin: serviceAdmins,
      wallet: wallets,
    })
    .from(companies)
    .innerJoin(accounts, eq(accounts.id, companies.accountId))
    .leftJoin(companyContacts, eq(companyContacts.companyId, companies.id))
    .leftJoin(serviceAdmins, eq(serviceAdmins.id, companies.adminId))
    .leftJoin(wallets, eq(wallets.companyId, companies.id))
    .where(eq(companies.id, id))
    .limit(1);
  if (!row) return null;
  const [licenceRows, status, allowed, controlled, admins, [siblings]] = await Promise.all([
    db
      .select()
      .from(licences)
      .where(eq(licences.companyId, id))
      .orderBy(asc(licences.type), asc(licences.id)),
    licenceStatus(id),
    allowListedGoods(db, id),
    db
      .select({ id: goods.id, name: goods.name, spec: goods.spec })
      .from(goods)
      .where(
        and(
          eq(goods.isControlled, true),
          sql`NOT EXISTS (SELECT 1 FROM controlled_rules r
        WHERE r.goods_id = ${goods.id} AND ${id} = ANY(r.company_ids))`,
        ),
      )
      .orderBy(asc(goods.id)),
    db.select().from(serviceAdmins).orderBy(asc(serviceAdmins.id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(eq(companies.accountId, row.company.accountId)),
  ]);
  return {
    ...row,
    licences: licenceRows,
    licenceStatus: status,
    allowed,
    controlledChoices: controlled,
    admins,
    /** stores of the same login: chat is a login's setting and reaches all of them */
    loginStores: Number(siblings?.n ?? 1),
  };
}
export type StoreProfile = NonNullable<Awaited<ReturnType<typeof storeProfile>>>;
