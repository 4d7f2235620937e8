// The read model packs a goods' documents into one string: unpacking gives back exactly what was
// packed, for any documents the table can hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_KIND_LABEL, type DocumentKind } from '#/lib/gspDocuments.ts';
import { type HeldDocument, packDocuments, unpackDocuments } from '#/server/gsp/heldDocuments.ts';

const KINDS = Object.keys(DOCUMENT_KIND_LABEL) as DocumentKind[];
const day = (d: Date) => d.toISOString().slice(0, 10);

const documentArb: fc.Arbitrary<HeldDocument> = fc.record({
  id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  lotId: fc.option(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { nil: null }),
  kind: fc.constantFrom(...KINDS),
  validUntil: fc.option(
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
      .map(day),
    { nil: null },
  ),
  uploadedAt: fc.date({ min: new Date(0), max: new Date('2200-01-01'), noInvalidDate: true }),
});

describe('held documents', () => {
  it('unpack to what was packed, in order', () => {
    fc.assert(
      fc.property(fc.array(documentArb, { maxLength: 12 }), (docs) => {
        expect(unpackDocuments(packDocuments(docs))).toEqual(docs);
      }),
    );
  });

  it('pack none as the empty string', () => {
    expect(packDocuments([])).toBe('');
    expect(unpackDocuments('')).toEqual([]);
  });
});
