// Staff upload GSP documents: a goods' first-business document of one kind, a lot's test report,
// or one of the shop's own qualifications. A file is a PDF or an image, judged by its bytes in
// the storage module; a new upload of the same holder and kind replaces the old one (its file is
// removed after the commit, the audit log keeps both names).
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { DOCUMENT_KIND_LABEL, type DocumentKind } from '#/lib/gspDocuments.ts';
import { invalidate } from '#/server/cache.ts';
import { getDb } from '#/server/db/client.ts';
import { goods, goodsLots, gspDocuments } from '#/server/db/schema/index.ts';
import { invalid, notFound, tooLarge } from '#/server/errors.ts';
import { recordAudit, type StaffActor } from '#/server/staff/audit.ts';
import { accept, put, remove } from '#/server/storage.ts';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
const RULE = {
  types: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
  maxBytes: MAX_DOCUMENT_BYTES,
} as const;

export type DocumentRow = typeof gspDocuments.$inferSelect;

function checkedFile(bytes: Uint8Array) {
  const file = accept(bytes, RULE);
  if (file === 'empty') throw invalid('file', '请选择要上传的文件');
  if (file === 'too_large') throw tooLarge('文件不能超过10MB');
  if (file === 'wrong_type') throw invalid('file', '只支持 PDF 或图片（JPG、PNG、WebP）文件');
  return file;
}

interface Holder {
  goodsId: number | null;
  lotId: number | null;
  kind: DocumentKind;
  validUntil: string | null;
  /** the audit entity and id */
  entity: string;
  entityId: number | string;
}

async function replaceDocument(actor: StaffActor, h: Holder, bytes: Uint8Array) {
  const file = checkedFile(bytes);
  await put('documents', file);
  const db = await getDb();
  const same: SQL | undefined =
    h.lotId !== null
      ? eq(gspDocuments.lotId, h.lotId)
      : h.goodsId !== null
        ? and(
            eq(gspDocuments.goodsId, h.goodsId),
            eq(gspDocuments.kind, h.kind),
            isNull(gspDocuments.lotId),
          )
        : and(isNull(gspDocuments.goodsId), eq(gspDocuments.kind, h.kind));
  try {
    const { row, replaced } = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(gspDocuments).where(same).for('update');
      const values = {
        goodsId: h.goodsId,
        lotId: h.lotId,
        kind: h.kind,
        file: file.name,
        validUntil: h.validUntil,
        uploadedBy: actor.id,
        uploadedAt: new Date(),
      };
      const [saved] = before
        ? await tx
            .update(gspDocuments)
            .set(values)
            .where(eq(gspDocuments.id, before.id))
            .returning()
        : await tx.insert(gspDocuments).values(values).returning();
      await recordAudit(tx, actor, {
        action: 'gsp.document',
        entity: h.entity,
        entityId: h.entityId,
        before: before && { kind: before.kind, file: before.file, valid_until: before.validUntil },
        after: { kind: DOCUMENT_KIND_LABEL[h.kind], file: file.name, valid_until: h.validUntil },
      });
      return { row: saved!, replaced: before?.file ?? null };
    });
    if (replaced) await remove('documents', replaced);
    if (h.goodsId !== null) invalidate({ goods: [h.goodsId] });
    return row;
  } catch (e) {
    await remove('documents', file.name);
    throw e;
  }
}

export async function uploadGoodsDocument(
  actor: StaffActor,
  goodsId: number,
  input: { kind: DocumentKind; validUntil: string | null; bytes: Uint8Array },
): Promise<DocumentRow> {
  const db = await getDb();
  const [g] = await db.select({ id: goods.id }).from(goods).where(eq(goods.id, goodsId));
  if (!g) throw notFound('商品不存在');
  return replaceDocument(
    actor,
    {
      goodsId,
      lotId: null,
      kind: input.kind,
      validUntil: input.validUntil,
      entity: 'goods',
      entityId: goodsId,
    },
    input.bytes,
  );
}

export async function uploadLotReport(
  actor: StaffActor,
  lotId: number,
  bytes: Uint8Array,
): Promise<DocumentRow> {
  const db = await getDb();
  const [lot] = await db
    .select({ id: goodsLots.id, goodsId: goodsLots.goodsId })
    .from(goodsLots)
    .where(eq(goodsLots.id, lotId));
  if (!lot) throw notFound('批号不存在');
  return replaceDocument(
    actor,
    {
      goodsId: lot.goodsId,
      lotId,
      kind: 'test_report',
      validUntil: null,
      entity: 'lot',
      entityId: lotId,
    },
    bytes,
  );
}

export async function uploadShopDocument(
  actor: StaffActor,
  input: { kind: DocumentKind; validUntil: string | null; bytes: Uint8Array },
): Promise<DocumentRow> {
  return replaceDocument(
    actor,
    {
      goodsId: null,
      lotId: null,
      kind: input.kind,
      validUntil: input.validUntil,
      entity: 'shop',
      entityId: input.kind,
    },
    input.bytes,
  );
}
