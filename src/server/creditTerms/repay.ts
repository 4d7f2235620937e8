// A store repays credit by bank transfer; finance records it against its bills, oldest due first.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { companies, creditBills, wallets } from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { move } from '#/server/wallet/accounts.ts';
import { fenToYuan } from '#/lib/money.ts';

export async function repayCredit(
  companyId: number,
  input: { amountFen: number; reference: string },
  actor: StaffActor,
) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [c] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId))
      .limit(1);
    if (!c) throw notFound('门店不存在');
    const [w] = await tx
      .select({ used: wallets.creditUsed })
      .from(wallets)
      .where(eq(wallets.companyId, companyId))
      .for('update');
    const open = await tx
      .select()
      .from(creditBills)
      .where(and(eq(creditBills.companyId, companyId), gt(creditBills.amount, creditBills.repaid)))
      .orderBy(asc(creditBills.dueOn), asc(creditBills.id))
      .for('update');
    const owed = Math.min(
      w?.used ?? 0,
      open.reduce((s, b) => s + b.amount - b.repaid, 0),
    );
    if (input.amountFen > owed) throw invalid('amount', `还款金额超出待还金额¥${fenToYuan(owed)}`);
    let left = input.amountFen;
    const applied: { bill: number; period: string; amount: number }[] = [];
    for (const b of open) {
      if (left === 0) break;
      const take = Math.min(left, b.amount - b.repaid);
      await tx
        .update(creditBills)
        .set({ repaid: sql`${creditBills.repaid} + ${take}` })
        .where(eq(creditBills.id, b.id));
      applied.push({ bill: b.id, period: b.period, amount: take });
      left -= take;
    }
    const after = await move(
      tx,
      companyId,
      'credit',
      -input.amountFen,
      'credit_repay',
      null,
      `对公转账还款（${input.reference}）`,
    );
    await notifyCompany(tx, companyId, {
      title: '账期还款已到账',
      content: `您的账期还款¥${fenToYuan(input.amountFen)}（${input.reference}）已确认到账，冲减账单：${applied
        .map((a) => `${a.period} ¥${fenToYuan(a.amount)}`)
        .join('，')}。`,
    });
    await recordAudit(tx, actor, {
      action: 'credit.repay',
      entity: 'company',
      entityId: companyId,
      before: { credit_used: w?.used ?? 0 },
      after: {
        credit_used: after,
        amount: input.amountFen,
        reference: input.reference,
        bills: applied,
      },
    });
    return { usedFen: after, applied };
  });
}
