// Every .xlsx the back office hands out is written here (exceljs). Cells that a spreadsheet would
// read as a formula (= + - @, and the tab/CR that some apps strip first) are written as text with a
// leading apostrophe, so an exported name or remark can never run as a formula on a desk's PC.
// Rows are written and dropped as they come (exceljs's streaming writer): held as a workbook, the
// export of a 100,000-goods catalogue took the shop process past its heap limit. They are written a
// slice at a time, the process's other requests served between slices: written in one go, that
// export held every request for 22 s.
import { type EventEmitter, once } from 'node:events';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setImmediate } from 'node:timers/promises';
import ExcelJS from 'exceljs';

const FORMULA_START = /^[=+\-@\t\r]/;
const ROWS_PER_SLICE = 500;

function safeCell(value: unknown): unknown {
  if (typeof value === 'string' && FORMULA_START.test(value)) return `'${value}`;
  return value ?? '';
}

type BufferedWritable = EventEmitter & { _writableState?: { needDrain?: boolean } };

/**
 * The zip's input for a streaming worksheet, when exceljs has piped the sheet to it. exceljs writes
 * a sheet's XML into it without heeding backpressure and the zip deflates one chunk per turn of
 * the event loop: unwaited, the whole XML of that export (180 MB) piled up there before any was
 * compressed.
 */
export function sheetZipInput(sheet: ExcelJS.Worksheet): BufferedWritable | null {
  const stream = (sheet as unknown as { stream?: { pipes?: BufferedWritable[] } }).stream;
  return stream?.pipes?.[0] ?? null;
}

async function caughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  await setImmediate();
  const input = sheetZipInput(sheet);
  if (input?._writableState?.needDrain) await once(input, 'drain');
}

export async function writeXlsx(
  sheets: {
    name: string;
    columns: { header: string; key: string; width?: number }[];
    rows: Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>;
  }[],
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    // Inline, an empty text cell is left out: an exported empty price would read back as no cell.
    useSharedStrings: true,
  });
  for (const s of sheets) {
    const sheet = book.addWorksheet(s.name.slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = s.columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 14 }));
    sheet.getRow(1).font = { bold: true };
    let written = 0;
    for await (const row of s.rows) {
      const cells: Record<string, unknown> = {};
      for (const c of s.columns) cells[c.key] = safeCell(row[c.key]);
      sheet.addRow(cells).commit();
      if (++written % ROWS_PER_SLICE === 0) await caughtUp(sheet);
    }
    sheet.commit();
  }
  await book.commit();
  await finished(out);
  return Buffer.concat(chunks);
}
