// Every .xlsx the back office hands out is written here (exceljs). Cells that a spreadsheet would
// read as a formula (= + - @, and the tab/CR that some apps strip first) are written as text with a
// leading apostrophe, so an exported name or remark can never run as a formula on a desk's PC.
// Rows are written and dropped as they come (exceljs's streaming writer) and the bytes go out as
// they are made: held as a workbook, the export of a 100,000-goods catalogue took the shop process
// past its heap limit. They are written a slice at a time, the process's other requests served
// between slices: written in one go, that export held every request for 22 s.
import type { EventEmitter } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setImmediate } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { logger } from '#/server/log.ts';

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

/** Resolves once `input` has drained, or once `out` is closed (its reader gone). */
function drainedOrClosed(input: EventEmitter, out: Readable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      input.off('drain', done);
      out.off('close', done);
      resolve();
    };
    input.once('drain', done);
    out.once('close', done);
  });
}

/** Thrown into the writer when the download's reader went away: nothing more is read. */
class ReaderGone extends Error {}

async function caughtUp(sheet: ExcelJS.Worksheet, out: Readable): Promise<void> {
  await setImmediate();
  const input = sheetZipInput(sheet);
  if (input?._writableState?.needDrain && !out.destroyed) await drainedOrClosed(input, out);
  if (out.destroyed) throw new ReaderGone();
}

// exceljs gives every cell a style object of its own and, meeting an object it has not seen,
// renders it to find its style id (and remembers it in a WeakMap): half the time of writing a
// large sheet, for cells that have no style. One shared object is rendered once. A date's
// number format is a style, so dates keep their own.
const PLAIN_STYLE = {};
const plainStyle = (cell: ExcelJS.Cell) => {
  if (cell.type !== ExcelJS.ValueType.Date) cell.style = PLAIN_STYLE;
};

export interface SheetSource {
  name: string;
  columns: { header: string; key: string; width?: number }[];
  rows: Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>;
}

async function writeBook(out: PassThrough, sheets: readonly SheetSource[]): Promise<void> {
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
      const added = sheet.addRow(cells);
      added.eachCell(plainStyle);
      added.commit();
      if (++written % ROWS_PER_SLICE === 0) await caughtUp(sheet, out);
    }
    sheet.commit();
  }
  await book.commit();
}

/**
 * The workbook as a stream of its bytes, written as they are read: a download of a year of orders
 * starts at once and holds no more than a slice of rows. Rows stop being read when the reader
 * goes away. A failure part-way destroys the stream, so a download ends short
 * (the browser reports it failed) rather than as a file that looks whole.
 */
export function xlsxStream(sheets: readonly SheetSource[]): Readable {
  const out = new PassThrough();
  writeBook(out, sheets).catch((error: unknown) => {
    // The reader went away: the stream is already destroyed.
    if (error instanceof ReaderGone) return;
    logger.error('spreadsheet export failed', { error });
    // Logged above as logs may hold it; the web server reports a stream's error on its own
    // console, which would print a failed query's parameters.
    out.destroy(new Error('spreadsheet export failed'));
  });
  return out;
}

/** The workbook's bytes, for the small ones (the import template) and tests. */
export const writeXlsx = (sheets: readonly SheetSource[]): Promise<Buffer> =>
  buffer(xlsxStream(sheets));
