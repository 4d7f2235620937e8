// Reads the first sheet of an uploaded .xlsx (exceljs) or .csv (csv-parse) into text cells by
// header. The kind is judged by the bytes, never the file name: a ZIP is tried as a workbook,
// anything else must be text (UTF-8, or GB18030 as Chinese ERPs write it). Formulas are never
// evaluated nor trusted: a formula cell is reported so the row can be refused.
import { Readable } from 'node:stream';
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

function cellText(value: ExcelJS.CellValue): { text: string; formula: boolean } {
  if (value === null || value === undefined) return { text: '', formula: false };
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
  if ('error' in value) return { text: '', formula: false };
  return { text: '', formula: false };
}

function build(
  headerCells: string[],
  body: { line: number; values: { text: string; formula: boolean }[] }[],
  maxRows: number,
): Sheet {
  const headers = headerCells.map((h) => h.trim());
  if (headers.every((h) => h === '')) throw invalid('file', '表格第1行须为列名，请使用导入模板');
  const rows: SheetRow[] = [];
  for (const r of body) {
    if (r.values.every((v) => v.text === '' && !v.formula)) continue;
    if (rows.length >= maxRows) throw tooLarge(TOO_MANY_ROWS(maxRows));
    const cells: Record<string, string> = {};
    const formulas: string[] = [];
    headers.forEach((h, i) => {
      if (!h) return;
      const v = r.values[i] ?? { text: '', formula: false };
      cells[h] = v.text;
      if (v.formula) formulas.push(h);
    });
    rows.push({ line: r.line, cells, formulas });
  }
  return { headers: headers.filter(Boolean), rows };
}

/**
 * Refuses a workbook whose parts inflate past the limits, counting what they really inflate to (a
 * crafted file's directory may claim any size): each part is inflated and dropped, never held.
 */
function checkUnzippedSize(bytes: Uint8Array): void {
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
  try {
    for (let at = 0; at < bytes.length && !refusal; at += INFLATE_SLICE)
      unzip.push(bytes.subarray(at, at + INFLATE_SLICE), at + INFLATE_SLICE >= bytes.length);
  } catch {
    throw unsupportedMedia(NOT_A_SHEET);
  }
  if (refusal) throw refusal;
}

/**
 * The first worksheet's rows, read as the file streams in: a workbook is never held whole. Loaded
 * whole, an ordinary ERP export of 500,000 rows (18 MB) took the process past its heap limit and
 * down with it.
 */
async function readWorkbook(bytes: Uint8Array, maxRows: number): Promise<Sheet> {
  checkUnzippedSize(bytes);
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
  let header: string[] = [];
  const body: { line: number; values: { text: string; formula: boolean }[] }[] = [];
  try {
    for await (const worksheet of reader) {
      // Later sheets are read through (the reader may have parked them in temporary files) but
      // not kept. An empty first row has no XML of its own: the file then has no header.
      const first = ++sheets === 1;
      for await (const row of worksheet) {
        if (!first) continue;
        if (row.number === 1) header = cellsOf(row, row.cellCount).map((c) => c.text);
        else if (body.length >= maxRows) throw tooLarge(TOO_MANY_ROWS(maxRows));
        else body.push({ line: row.number, values: cellsOf(row, header.length) });
      }
    }
  } catch (e) {
    if (e instanceof DomainError) throw e;
    throw unsupportedMedia(NOT_A_SHEET);
  }
  if (sheets === 0) throw unsupportedMedia(NOT_A_SHEET);
  return build(header, body, maxRows);
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
  const body = rest.map((r, i) => ({
    line: i + 2,
    values: r.map((c) => ({ text: c.trim(), formula: c.trim().startsWith('=') })),
  }));
  return build(head, body, maxRows);
}
