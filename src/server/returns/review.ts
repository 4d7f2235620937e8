// The decision on a return / after-sales request: approve (quantities may be reduced) or reject
// with a reason the buyer sees.
import { eq } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { returnLines } from '#/server/db/schema/index.ts';
import { invalid } from '#/server/errors.ts';
import { notifyCompany } from '#/server/members/notify.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { KIND_LABEL, lockReturn, setStatus } from './load.ts';

export type ReturnDecision =
  | { approve: true; lines: { id: number; number: number }[] }
  | { approve: false; reason: string };

export async function reviewReturn(id: number, decision: ReturnDecision, actor: StaffActor) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { request, lines } = await lockReturn(tx, id, 'pending');
    const label = KIND_LABEL[request.kind];
    const decided = { decidedAt: new Date(), decidedBy: actor.id };
    if (!decision.approve) {
      await setStatus(tx, id, { ...decided, status: 'rejected', rejectReason: decision.reason });
      await notifyCompany(tx, request.companyId, {
        title: `${label}申请未通过`,
        content: `您的${label}申请 #${id} 未通过审核。原因：${decision.reason}`,
      });
      await recordAudit(tx, actor, {
        action: 'return.reject',
        entity: 'return',
        entityId: id,
        before: { status: request.status },
        after: { status: 'rejected', reason: decision.reason },
      });
      return;
    }
    const approved = lines.map(({ line, orderLine }) => {
      const i = decision.lines.findIndex((x) => x.id === line.id);
      const n = i < 0 ? line.number : decision.lines[i]!.number;
      if (n > line.number)
        throw invalid(
          `lines.${i}.number`,
          `${orderLine.name}最多同意${line.number}${orderLine.bzdw}`,
        );
      return { line, orderLine, n };
    });
    const unknown = decision.lines.findIndex((x) => !lines.some((l) => l.line.id === x.id));
    if (unknown >= 0) throw invalid(`lines.${unknown}.id`, '申请中没有该商品');
    if (approved.every((a) => a.n === 0))
      throw invalid('lines', '请至少同意一件商品，或拒绝该申请');
    for (const a of approved)
      await tx
        .update(returnLines)
        .set({ approvedNumber: a.n })
        .where(eq(returnLines.id, a.line.id));
    await setStatus(tx, id, { ...decided, status: 'approved' });
    await notifyCompany(tx, request.companyId, {
      title: `${label}申请已同意`,
      content: `您的${label}申请 #${id} 已同意：${approved
        .filter((a) => a.n > 0)
        .map((a) => `${a.orderLine.name} × ${a.n}${a.orderLine.bzdw}`)
        .join('，')}。请将商品寄回，收货后为您退款。`,
    });
    await recordAudit(tx, actor, {
      action: 'return.approve',
      entity: 'return',
      entityId: id,
      before: {
        status: request.status,
        lines: lines.map((l) => ({ id: l.line.id, number: l.line.number })),
      },
      after: { status: 'approved', lines: approved.map((a) => ({ id: a.line.id, approved: a.n })) },
    });
  });
}
