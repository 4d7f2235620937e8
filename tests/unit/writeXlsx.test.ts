import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { buffer } from 'node:stream/consumers';
import { sheetZipInput, writeXlsx, xlsxStream } from '#/server/spreadsheets/writeXlsx.ts';

async function readBack(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  return book;
}

describe('writeXlsx', () => {
  it('writes each sheet with a bold frozen header, from arrays and async row sources alike', async () => {
    async function* lots() {
      for (let i = 1; i <= 1234; i++) yield { batch: `P${i}`, stock: i };
    }
    const bytes = await writeXlsx([
      {
        name: '商品',
        columns: [
          { header: '通用名', key: 'name', width: 20 },
          { header: 'V1会员价', key: 'v1' },
          { header: '库存', key: 'stock' },
        ],
        rows: [
          { name: '板蓝根颗粒', v1: '', stock: 12 },
          { name: '阿莫西林', v1: '9.80', stock: null },
        ],
      },
      {
        name: '批号',
        columns: [
          { header: '批号', key: 'batch' },
          { header: '库存', key: 'stock' },
        ],
        rows: lots(),
      },
    ]);
    const book = await readBack(bytes);
    const goods = book.getWorksheet('商品')!;
    expect(goods.getRow(1).values).toEqual([undefined, '通用名', 'V1会员价', '库存']);
    expect(goods.getRow(1).font?.bold).toBe(true);
    expect(goods.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(goods.getColumn(1).width).toBe(20);
    // An empty text cell stays an empty text cell (an ERP tells "no price" from a missing column).
    expect(goods.getRow(2).values).toEqual([undefined, '板蓝根颗粒', '', 12]);
    expect(goods.getRow(3).values).toEqual([undefined, '阿莫西林', '9.80', '']);
    const batches = book.getWorksheet('批号')!;
    expect(batches.rowCount).toBe(1235);
    expect(batches.getRow(1235).values).toEqual([undefined, 'P1234', 1234]);
  });

  it('keeps a date a date and a number a number among cells that share one plain style', async () => {
    const day = new Date(Date.UTC(2026, 10, 28));
    const bytes = await writeXlsx([
      {
        name: 'x',
        columns: [
          { header: '日期', key: 'day' },
          { header: '金额', key: 'amount' },
          { header: '备注', key: 'note' },
        ],
        rows: [1, 2, 3].map((i) => ({ day, amount: i * 1.5, note: `第${i}行` })),
      },
    ]);
    const sheet = (await readBack(bytes)).getWorksheet('x')!;
    for (const r of [2, 3, 4]) {
      expect(sheet.getCell(`A${r}`).type).toBe(ExcelJS.ValueType.Date);
      expect(sheet.getCell(`A${r}`).value).toEqual(day);
      expect(sheet.getCell(`B${r}`).type).toBe(ExcelJS.ValueType.Number);
      expect(sheet.getCell(`C${r}`).type).toBe(ExcelJS.ValueType.String);
    }
    expect(sheet.getCell('A2').numFmt).toBe('mm-dd-yy');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
  });

  it('writes text a spreadsheet would run as a formula as plain text', async () => {
    const bytes = await writeXlsx([
      {
        name: 'x',
        columns: [{ header: '备注', key: 'note' }],
        rows: ['=1+1', '+86 138', '-5', '@SUM(A1)', '\t=cmd', 'ok'].map((note) => ({ note })),
      },
    ]);
    const values = (await readBack(bytes)).getWorksheet('x')!.getColumn(1).values.slice(2);
    expect(values).toEqual(["'=1+1", "'+86 138", "'-5", "'@SUM(A1)", "'\t=cmd", 'ok']);
  });

  it("finds the zip's input of a sheet being written, which it waits on between slices", async () => {
    // exceljs's writer internals: if an upgrade moves them, writing 100,000 goods piles their XML
    // up in memory again instead of failing loudly; this says so first.
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ useSharedStrings: true });
    const sheet = book.addWorksheet('x');
    sheet.columns = [{ header: 'a', key: 'a' }];
    for (let i = 0; i < 2000; i++) sheet.addRow({ a: `row ${i}` }).commit();
    await new Promise<void>((r) => setImmediate(r));
    const input = sheetZipInput(sheet);
    expect(input).not.toBeNull();
    expect(typeof input?._writableState?.needDrain).toBe('boolean');
  });

  it('streams its bytes as rows come, and stops reading rows when the reader goes away', async () => {
    let read = 0;
    let closed = false;
    async function* rows() {
      try {
        for (let i = 0; i < 1_000_000; i++) {
          read++;
          yield { no: `BENCH${i}`, name: `阿莫西林胶囊${i}`, n: i };
        }
      } finally {
        closed = true;
      }
    }
    const columns = [
      { header: '订单号', key: 'no' },
      { header: '商品名称', key: 'name' },
      { header: '数量', key: 'n' },
    ];
    const stream = xlsxStream([{ name: '订单明细', columns, rows: rows() }]);
    let received = 0;
    for await (const chunk of stream) {
      received += (chunk as Buffer).length;
      // The first bytes arrive long before the million rows are written; then the reader leaves.
      if (received > 64 * 1024) break;
    }
    expect(read).toBeLessThan(1_000_000);
    await vi.waitFor(() => expect(closed).toBe(true));
    const stopped = read;
    await new Promise((r) => setTimeout(r, 50));
    expect(read).toBe(stopped);
  });

  it('ends the stream with an error, not a file that looks whole, when a row source fails', async () => {
    async function* rows() {
      for (let i = 0; i < 2000; i++) yield { a: i };
      throw new Error('database went away');
    }
    const stream = xlsxStream([{ name: 'x', columns: [{ header: 'a', key: 'a' }], rows: rows() }]);
    await expect(buffer(stream)).rejects.toThrow('spreadsheet export failed');
  });
});
