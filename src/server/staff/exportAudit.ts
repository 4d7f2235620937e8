// Spreadsheets that leave the shop (orders with buyers' addresses, the buyer list with licences,
// goods and prices, reports) are recorded like changes: who took which rows, with what filter.
// A personal-data export that nobody can trace is what the regulator asks about first.
import { getDb } from '#/server/db/client.ts';
import { recordAudit, type StaffActor } from './audit.ts';

export type ExportKind = 'orders' | 'buyers' | 'goods' | 'report';

export async function recordExport(
  actor: StaffActor,
  kind: ExportKind,
  filter: unknown,
  rows: number,
): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) =>
    recordAudit(tx, actor, {
      action: `export.${kind}`,
      entity: 'export',
      entityId: kind,
      after: { filter, rows },
    }),
  );
}
