// What the desk shows beside a conversation: who the buyer is, whether their licences let them
// order, their recent orders and what is in their cart.
import { desc, eq, sql } from 'drizzle-orm';
import { COMPANY_TYPE_LABELS } from '#/lib/validation.ts';
import { getDb } from '#/server/db/client.ts';
import { accounts, cartLines, companies, goods } from '#/server/db/schema/index.ts';
import { licenceStatus } from '#/server/qualifications.ts';
import type { StaffActor } from '#/server/staff/audit.ts';
import { recentOrderCards } from './cards.ts';
import { deskConversation } from './desk.ts';

export async function buyerContext(actor: StaffActor, conversationId: number) {
  const c = await deskConversation(actor, conversationId);
  const db = await getDb();
  const [[company], licences, orders, cart] = await Promise.all([
    db
      .select({
        id: companies.id,
        name: companies.name,
        type: companies.type,
        province: companies.province,
        city: companies.city,
        isPassed: companies.isPassed,
        contact: accounts.name,
        phone: accounts.phone,
        username: accounts.username,
      })
      .from(companies)
      .innerJoin(accounts, eq(accounts.id, companies.accountId))
      .where(eq(companies.id, c.companyId))
      .limit(1),
    licenceStatus(c.companyId),
    recentOrderCards(c.companyId, 5),
    db
      .select({
        goodsId: cartLines.goodsId,
        name: goods.name,
        spec: goods.spec,
        number: cartLines.number,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(cartLines)
      .innerJoin(goods, eq(goods.id, cartLines.goodsId))
      .where(eq(cartLines.companyId, c.companyId))
      .orderBy(desc(cartLines.updatedAt))
      .limit(10),
  ]);
  const licenceText = licences.expired
    ? `资质已过期：${licences.expiredLicences.map((l) => l.type_name).join('、')}`
    : company!.isPassed
      ? licences.expiringSoon.length
        ? `资质有效，${licences.expiringSoon.map((l) => `${l.type_name}${l.days_left}天后到期`).join('、')}`
        : '资质有效'
      : licences.rejected.length
        ? `资质被驳回：${licences.rejected.map((l) => l.type_name).join('、')}`
        : '资质审核中';
  return {
    conversation: { id: c.id, status: c.status, staff_id: c.staffId },
    company: {
      id: company!.id,
      name: company!.name,
      type_name: COMPANY_TYPE_LABELS[company!.type],
      region: `${company!.province}${company!.city}`,
      contact: company!.contact,
      phone: company!.phone,
      username: company!.username,
      is_passed: company!.isPassed,
      licence_ok: company!.isPassed && !licences.expired,
      licence_text: licenceText,
    },
    orders,
    cart: {
      lines: cart.map((l) => ({
        goods_id: l.goodsId,
        name: l.name,
        spec: l.spec,
        number: l.number,
      })),
      count: cart[0]?.total ?? 0,
    },
  };
}
