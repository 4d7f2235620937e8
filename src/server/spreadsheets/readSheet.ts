// Reads the first sheet of an uploaded .xlsx (exceljs) or .csv (csv-parse) into text cells by
// header. The kind is judged by the bytes, never the file name: a ZIP is tried as a workbook,
// anything else must be text (UTF-8, or GB18030 as Chinese ERPs write it). Formulas are never
// evaluated nor trusted: a formula cell is reported so the row can be refused.
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Unzip, UnzipInflate } from 'fflate';
import { DomainError, unsupportedMedia, tooLarge, invalid } from '#/server/errors.ts';

export interface SheetRow {
  /** the row's number as the spreadsheet shows it (the header is row 1) */
  line: number;
  cells: Record<string, string>;
  /** headers of the cells holding a formula */
  formulas: string[];
}
export interface Sheet {
  headers: string[];
  rows: SheetRow[];
}

const NOT_A_SHEET = '文件不是有效的 .xlsx 或 .csv 表格，请使用导入模板';
const TOO_MANY_ROWS = (maxRows: number) => `表格最多${maxRows}行，请分成多个文件导入`;
// A workbook's XML inflates 10–20×: a 100,000-row ERP export of 12 columns is 66 MB unzipped,
// 19 MB of it shared strings. A crafted file of 3 MB inflated to 1.2 GB of shared strings, which
// exceljs keeps in memory: it took the process past its heap limit. (Worksheets that come before
// the shared strings are parked in temporary files: the total bounds those.)
const MAX_UNZIPPED_BYTES = 256 * 1024 * 1024;
const MAX_SHARED_STRINGS_BYTES = 128 * 1024 * 1024;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
// Pushed a slice at a time so a refusal stops inflating within one slice's output.
const INFLATE_SLICE = 16 * 1024;
// A workbook is read in turns, the process's other requests served between them: read in one go,
// a 100,000-row file held every buyer's request for 16 s.
const SLICES_PER_TURN = 64;
const ROWS_PER_TURN = 1000;

function isZip(bytes: Uint8Array) {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function decodeText(bytes: Uint8Array): string {
  if (bytes.subarray(0, 8192).includes(0)) throw unsupportedMedia(NOT_A_SHEET);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

interface Cell {
  text: string;
  formula: boolean;
}

const BLANK: Cell = { text: '', formula: false };

function cellText(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return BLANK;
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10), formula: false };
  if (typeof value !== 'object') return { text: String(value).trim(), formula: false };
  if ('formula' in value || 'sharedFormula' in value) return { text: '', formula: true };
  if ('richText' in value)
    return {
      text: value.richText
        .map((r) => r.text)
        .join('')
        .trim(),
      formula: false,
    };
  if ('text' in value) return { text: String(value.text).trim(), formula: false };
  return BLANK;
}

/** A sheet's rows by its header as they are read, empty rows left out, at most `maxRows`. */
class SheetBuilder {
  private readonly headers: string[];
  private readonly maxRows: number;
  private readonly rows: SheetRow[] = [];

  constructor(headerCells: string[], maxRows: number) {
    this.headers = headerCells.map((h) => h.trim());
    this.maxRows = maxRows;
    if (this.headers.every((h) => h === ''))
      throw invalid('file', '表格第1行须为列名，请使用导入模板');
  }

  get width(): number {
    return this.headers.length;
  }

  add(line: number, values: Cell[]): void {
    if (values.every((v) => v.text === '' && !v.formula)) return;
    if (this.rows.length >= this.maxRows) throw tooLarge(TOO_MANY_ROWS(this.maxRows));
    const cells: Record<string, string> = {};
    const formulas: string[] = [];
    this.headers.forEach((h, i) => {
      if (!h) return;
      const v = values[i] ?? BLANK;
      cells[h] = v.text;
      if (v.formula) formulas.push(h);
    });
    this.rows.push({ line, cells, formulas });
  }

  sheet(): Sheet {
    return { headers: this.headers.filter(Boolean), rows: this.rows };
  }
}

/**
 * Refuses a workbook whose parts inflate past the limits, counting what they really inflate to (a
 * crafted file's directory may claim any size): each part is inflated and dropped, never held.
 */
async function checkUnzippedSize(bytes: Uint8Array): Promise<void> {
  let total = 0;
  let refusal: DomainError | null = null;
  const unzip = new Unzip((part) => {
    let size = 0;
    const sharedStrings = part.name === SHARED_STRINGS;
    part.ondata = (error, chunk) => {
      if (error) {
        refusal ??= unsupportedMedia(NOT_A_SHEET);
        return;
      }
      size += chunk.length;
      total += chunk.length;
      if (sharedStrings && size > MAX_SHARED_STRINGS_BYTES)
        refusal ??= tooLarge(
          `表格中的文字超过${MAX_SHARED_STRINGS_BYTES >> 20}MB，请分成多个文件导入`,
        );
      if (total > MAX_UNZIPPED_BYTES)
        refusal ??= tooLarge(`表格解压后超过${MAX_UNZIPPED_BYTES >> 20}MB，请分成多个文件导入`);
    };
    part.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0, slices = 0; at < bytes.length && !refusal; at += INFLATE_SLICE) {
    try {
      unzip.push(bytes.subarray(at, at + INFLATE_SLICE), at + INFLATE_SLICE >= bytes.length);
    } catch {
      throw unsupportedMedia(NOT_A_SHEET);
    }
    if (++slices % SLICES_PER_TURN === 0) await setImmediate();
  }
  if (refusal) throw refusal;
}

/**
 * The first worksheet's rows, read as the file streams in: a workbook is never held whole. Loaded
 * whole, an ordinary ERP export of 500,000 rows (18 MB) took the process past its heap limit and
 * down with it.
 */
async function readWorkbook(bytes: Uint8Array, maxRows: number): Promise<Sheet> {
  await checkUnzippedSize(bytes);
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const cellsOf = (row: ExcelJS.Row, width: number) =>
    Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value));
  let sheets = 0;
  let rows = 0;
  // Each row is kept as it is read, never as a second copy of the sheet.
  let sheet: SheetBuilder | undefined;
  try {
    for await (const worksheet of reader) {
      // Later sheets are read through (the reader may have parked them in temporary files) but
      // not kept. An empty first row has no XML of its own: the file then has no header.
      const first = ++sheets === 1;
      for await (const row of worksheet) {
        if (++rows % ROWS_PER_TURN === 0) await setImmediate();
        if (!first) continue;
        if (!sheet)
          sheet = new SheetBuilder(
            row.number === 1 ? cellsOf(row, row.cellCount).map((c) => c.text) : [],
            maxRows,
          );
        else sheet.add(row.number, cellsOf(row, sheet.width));
      }
    }
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw unsupportedMedia(NOT_A_SHEET);
  }
  if (sheets === 0) throw unsupportedMedia(NOT_A_SHEET);
  return (sheet ?? new SheetBuilder([], maxRows)).sheet();
}

export async function readSheet(bytes: Uint8Array, maxRows: number): Promise<Sheet> {
  if (bytes.length === 0) throw invalid('file', '文件是空的');
  if (isZip(bytes)) return readWorkbook(bytes, maxRows);
  let records: string[][];
  try {
    records = parse(decodeText(bytes), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      to: maxRows + 2,
    }) as string[][];
  } catch {
    throw unsupportedMedia(NOT_A_SHEET);
  }
  const [head = [], ...rest] = records;
  if (rest.length > maxRows) throw tooLarge(TOO_MANY_ROWS(maxRows));
  const sheet = new SheetBuilder(head, maxRows);
  rest.forEach((r, i) => {
    sheet.add(
      i + 2,
      r.map((c) => ({ text: c.trim(), formula: c.trim().startsWith('=') })),
    );
  });
  return sheet.sheet();
}
