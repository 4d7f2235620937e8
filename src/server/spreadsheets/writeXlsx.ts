// Every .xlsx the back office hands out is written here (exceljs). Cells that a spreadsheet would
// read as a formula (= + - @, and the tab/CR that some apps strip first) are written as text with a
// leading apostrophe, so an exported name or remark can never run as a formula on a desk's PC.
import ExcelJS from 'exceljs';

const FORMULA_START = /^[=+\-@\t\r]/;

function safeCell(value: unknown): unknown {
  if (typeof value === 'string' && FORMULA_START.test(value)) return `'${value}`;
  return value ?? '';
}

export async function writeXlsx(
  sheets: {
    name: string;
    columns: { header: string; key: string; width?: number }[];
    rows: Record<string, unknown>[];
  }[],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const s of sheets) {
    const sheet = book.addWorksheet(s.name.slice(0, 31));
    sheet.columns = s.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 14 }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const row of s.rows) {
      const cells: Record<string, unknown> = {};
      for (const c of s.columns) cells[c.key] = safeCell(row[c.key]);
      sheet.addRow(cells);
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
