// The wire format of GSP documents (snake_case, Chinese kind names) and the Chinese file names a
// download carries: goods, batch and kind, e.g. 阿莫西林胶囊(0.25g×24粒)_批号B2301_药检报告.pdf.
import { DOCUMENT_KIND_LABEL, isExpired } from '#/lib/gspDocuments.ts';
import { shopIso } from '#/lib/shopClock.ts';
import { extensionOf, type FileType } from '#/server/storage.ts';
import type { DeskRow } from './desk.ts';
import type { DocumentRow } from './upload.ts';

export interface DocumentView {
  id: number;
  kind: string;
  kind_name: string;
  valid_until: string | null;
  expired: boolean;
  url: string;
  uploaded_at: string;
}

export const documentUrl = (id: number) => `/api/documents/${id}`;

/** What a document's view is made of: a row, or what the catalogue read model holds of one. */
export type PresentedDocument = Pick<DocumentRow, 'id' | 'kind' | 'validUntil' | 'uploadedAt'>;

export const presentDocument = (d: PresentedDocument, today: string): DocumentView => ({
  id: d.id,
  kind: d.kind,
  kind_name: DOCUMENT_KIND_LABEL[d.kind],
  valid_until: d.validUntil,
  expired: isExpired(d.validUntil, today),
  url: documentUrl(d.id),
  uploaded_at: shopIso(d.uploadedAt),
});

/** Characters no file system or unzip tool takes in a name, and control characters. */
const UNSAFE = /[\\/:?"<>|\p{Cc}]+/gu;
/** Specs write 0.25g*24粒; a file name says 0.25g×24粒 (`*` is no file name character). */
const clean = (s: string) => s.replace(/\*/g, '×').replace(UNSAFE, ' ').trim();

/** The name a goods' document or a lot's report is saved under (without extension). */
export function documentBaseName(
  d: Pick<DocumentRow, 'kind'>,
  goods: { name: string; spec: string } | null,
  batchNo: string | null,
): string {
  const parts = [
    goods ? clean(`${goods.name}(${goods.spec})`) : '本公司',
    batchNo ? `批号${clean(batchNo)}` : null,
    DOCUMENT_KIND_LABEL[d.kind],
  ];
  return parts.filter(Boolean).join('_');
}

export const withExtension = (base: string, type: FileType) => `${base}.${extensionOf(type)}`;

/** A goods on the desk: what is missing or expired, and how many lots on sale lack a report. */
export const presentDeskRow = (r: DeskRow) => ({
  id: r.id,
  code: r.code,
  name: r.name,
  spec: r.spec,
  sccj: r.sccj,
  flagged: r.state.flagged,
  missing: r.state.missing,
  expired: r.state.expired,
  lots_on_sale: r.state.lotsOnSale,
  lots_without_report: r.state.lotsWithoutReport,
  documents: r.documents.map((d) => ({ id: d.id, kind: d.kind, valid_until: d.validUntil })),
});
