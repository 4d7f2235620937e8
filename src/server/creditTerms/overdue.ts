// Finance declares a bill overdue (催缴) before its due date: the due date moves to yesterday,
// so the buyer-side rule (wallet.ts creditStatus: due date passed, not repaid) blocks new credit
// orders until it is repaid.
import { eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { creditBills } from '#/server/db/schema/index.ts';
import { conflict, notFound } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { fenToYuan } from '#/lib/money.ts';
import { billToday } from '#/server/wallet/credit.ts';
import { isOverdue } from './accounts.ts';

const yesterday = (today: string) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export async function markBillOverdue(billId: number, actor: StaffActor) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [b] = await tx
      .select()
      .from(creditBills)
      .where(eq(creditBills.id, billId))
      .limit(1)
      .for('update');
    if (!b) throw notFound('账单不存在');
    if (b.repaid >= b.amount) throw conflict('该账单已还清');
    const today = billToday();
    if (isOverdue(b, today)) throw conflict('该账单已逾期');
    const dueOn = yesterday(today);
    const [next] = await tx
      .update(creditBills)
      .set({ dueOn })
      .where(eq(creditBills.id, billId))
      .returning();
    await notifyCompany(tx, b.companyId, {
      title: '账期账单已逾期',
      content: `您${b.period}的账期账单尚有¥${fenToYuan(b.amount - b.repaid)}未还，已逾期。还清前暂不能使用账期支付，请尽快还款。`,
    });
    await recordAudit(tx, actor, {
      action: 'credit.overdue',
      entity: 'credit_bill',
      entityId: billId,
      before: { due_on: b.dueOn },
      after: { due_on: dueOn },
    });
    return next!;
  });
}
