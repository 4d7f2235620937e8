import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet } from '#/server/spreadsheets/readSheet.ts';

/** An .xlsx of `rows` goods rows whose text is Chinese, written as an ERP writes it. */
async function chineseWorkbook(rows: number, useSharedStrings: boolean): Promise<Uint8Array> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings });
  const sheet = book.addWorksheet('商品');
  sheet.addRow(['ERP编码', '通用名', '生产厂家', '商品说明']).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(expected(i)).commit();
  sheet.commit();
  await book.commit();
  return new Uint8Array(Buffer.concat(chunks));
}

const expected = (i: number) => [
  `E${i}`,
  `板蓝根颗粒${i}号`,
  `广州白云山和记黄埔中药有限公司第${i % 97}分厂`,
  '清热解毒，凉血利咽。用于肺胃热盛所致的咽喉肿痛、口咽干燥；急性扁桃体炎见上述证候者。'.repeat(
    1 + (i % 3),
  ),
];

describe('readSheet', () => {
  // The XML inflates in 16 KB chunks, which end inside a 3-byte character now and then: exceljs's
  // streaming reader decoded each chunk alone and turned such a character into U+FFFD, so 40 of a
  // 100,000-goods export's approval numbers read back as 国药���字 (patches/exceljs+4.4.0.patch).
  for (const shared of [true, false])
    it(`reads Chinese text whole across the inflated chunks (${shared ? 'shared' : 'inline'} strings)`, async () => {
      const sheet = await readSheet(await chineseWorkbook(3000, shared), 100_000);
      expect(sheet.headers).toEqual(['ERP编码', '通用名', '生产厂家', '商品说明']);
      expect(sheet.rows).toHaveLength(3000);
      const wrong = sheet.rows.filter(
        (r, i) => JSON.stringify(Object.values(r.cells)) !== JSON.stringify(expected(i)),
      );
      expect(wrong.map((r) => r.line)).toEqual([]);
    });
});
