// Credit (账期) is repaid against a store's open bills, oldest due first: by bank transfer, which
// finance records, or from the store's own balance, which the buyer does on /zqgl.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { getDb, type Tx } from '#/server/db/client.ts';
import { companies, creditBills, wallets } from '#/server/db/schema/index.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { invalidate } from '#/server/cache.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { move } from '#/server/wallet/accounts.ts';
import { owedOn } from '#/server/wallet/credit.ts';
import { fenToYuan } from '#/lib/money.ts';

interface AppliedRepayment {
  usedBefore: number;
  usedAfter: number;
  applied: { bill: number; period: string; amount: number }[];
}

/**
 * Reduces credit used by `amountFen` and marks the open bills repaid, oldest due first, under lock;
 * refuses more than is owed. One credit ledger row.
 */
async function applyRepayment(
  tx: Tx,
  companyId: number,
  amountFen: number,
  remark: string,
): Promise<AppliedRepayment> {
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
  const owed = owedOn(w?.used ?? 0, open);
  if (owed === 0) throw invalid('amount', '当前没有待还账单');
  if (amountFen > owed) throw invalid('amount', `还款金额超出待还金额¥${fenToYuan(owed)}`);
  let left = amountFen;
  const applied: AppliedRepayment['applied'] = [];
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
  const usedAfter = await move(tx, companyId, 'credit', -amountFen, 'credit_repay', null, remark);
  return { usedBefore: w?.used ?? 0, usedAfter, applied };
}

const billsText = (applied: AppliedRepayment['applied']) =>
  applied.map((a) => `${a.period} ¥${fenToYuan(a.amount)}`).join('，');

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
    const done = await applyRepayment(
      tx,
      companyId,
      input.amountFen,
      `对公转账还款（${input.reference}）`,
    );
    await notifyCompany(tx, companyId, {
      title: '账期还款已到账',
      content: `您的账期还款¥${fenToYuan(input.amountFen)}（${input.reference}）已确认到账，冲减账单：${billsText(done.applied)}。`,
    });
    await recordAudit(tx, actor, {
      action: 'credit.repay',
      entity: 'company',
      entityId: companyId,
      before: { credit_used: done.usedBefore },
      after: {
        credit_used: done.usedAfter,
        amount: input.amountFen,
        reference: input.reference,
        bills: done.applied,
      },
    });
    return { usedFen: done.usedAfter, applied: done.applied };
  });
}

/** 余额还款: the store pays its bills from its balance; a balance and a credit ledger row. */
export async function repayFromBalance(companyId: number, amountFen: number) {
  const db = await getDb();
  const done = await db.transaction(async (tx) => {
    // What is owed is checked first: an amount beyond it is wrong whatever the balance holds.
    const repaid = await applyRepayment(tx, companyId, amountFen, '余额还款');
    const balanceAfter = await move(
      tx,
      companyId,
      'balance',
      -amountFen,
      'credit_repay',
      null,
      '余额还款（账期）',
    );
    return { ...repaid, balanceAfter };
  });
  invalidate({ company: companyId });
  return { usedFen: done.usedAfter, balanceFen: done.balanceAfter, applied: done.applied };
}
