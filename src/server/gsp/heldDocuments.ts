// A goods' documents and its lots' reports as the catalogue read model holds them: packed by the
// database into one string per goods. A fully documented catalogue of 100,000 goods has ~700,000
// documents and reports: as objects (a Date each) they were ~120 MB of heap and their rows took
// ~12 s to read on the embedded database; packed they are ~28 MB of heap, read in ~2.5 s, and a
// detail page unpacks its own few in microseconds. Fields (ids and the upload time in ms in hex, the kind's index in KINDS,
// the date without dashes) end with ',', documents with ';'.
import { type SQL, sql } from 'drizzle-orm';
import { DOCUMENT_KIND_LABEL, type DocumentKind } from '#/lib/gspDocuments.ts';
import type { gspDocuments } from '#/server/db/schema/index.ts';

/** A goods' first-business document, or the test report of one of its lots (`lotId`). */
export type HeldDocument = Pick<
  typeof gspDocuments.$inferSelect,
  'id' | 'lotId' | 'kind' | 'validUntil' | 'uploadedAt'
>;

const KINDS = Object.keys(DOCUMENT_KIND_LABEL) as DocumentKind[];

/** SQL: the goods of the documents `where` picks, each with its documents packed in id order. */
export const packedDocumentsSql = (where: SQL): SQL => sql`
  SELECT goods_id AS "goodsId", string_agg(concat_ws(',',
      to_hex(id), coalesce(to_hex(lot_id), ''), array_position(${`{${KINDS.join(',')}}`}::text[], kind) - 1,
      coalesce(to_char(valid_until, 'YYYYMMDD'), ''), to_hex(floor(extract(epoch FROM uploaded_at) * 1000)::bigint)
    ), ';' ORDER BY id) AS packed
  FROM gsp_documents ${where} GROUP BY goods_id`;

export function unpackDocuments(packed: string): HeldDocument[] {
  if (packed === '') return [];
  return packed.split(';').map((one) => {
    const [id, lotId, kind, validUntil, uploadedAt] = one.split(',') as [
      string,
      string,
      string,
      string,
      string,
    ];
    return {
      id: Number.parseInt(id, 16),
      lotId: lotId === '' ? null : Number.parseInt(lotId, 16),
      kind: KINDS[Number(kind)]!,
      validUntil:
        validUntil === ''
          ? null
          : `${validUntil.slice(0, 4)}-${validUntil.slice(4, 6)}-${validUntil.slice(6)}`,
      uploadedAt: new Date(Number.parseInt(uploadedAt, 16)),
    };
  });
}
