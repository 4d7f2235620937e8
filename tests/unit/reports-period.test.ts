// The report period's rules and the spreadsheet guard, without a server.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '#/server/errors.ts';
import { parseReportRange } from '#/server/reports/forms.ts';
import type { Dashboard } from '#/server/reports/dashboard.ts';
import { bucketsOf, wholeMonths } from '#/server/reports/period.ts';
import { reportCards } from '#/server/reports/present.ts';
import { topOfSums } from '#/server/reports/rankings.ts';
import { writeXlsx } from '#/server/spreadsheets/writeXlsx.ts';

const refused = (q: object) => {
  try {
    parseReportRange(q);
  } catch (e) {
    if (isDomainError(e, 'BAD_REQUEST')) return e.message;
    throw e;
  }
  return null;
};

describe('the report period', () => {
  it('accepts one day up to 366 days and refuses the rest with a reason', () => {
    expect(parseReportRange({ from: '2024-01-01', to: '2024-12-31' }).days).toBe(366);
    expect(parseReportRange({ from: '2026-03-01', to: '2026-03-01' }).days).toBe(1);
    expect(refused({ from: '2024-01-01', to: '2025-01-01' })).toMatch(/最长366天/);
    expect(refused({ from: '2026-03-02', to: '2026-03-01' })).toBe('开始日期不能晚于结束日期');
    expect(refused({ from: '2026-02-29' })).toBe('日期不存在');
    expect(refused({ to: '26-1-1' })).toBe('日期格式不正确，应为 YYYY-MM-DD');
    expect(refused({ from: ['2026-01-01'] })).toBe('日期格式不正确，应为 YYYY-MM-DD');
    expect(refused({ by: 'hour' })).toBe('统计周期须为 day、week 或 month');
  });

  it('defaults to the 30 days ending `to`, and blank dates count as missing', () => {
    const r = parseReportRange({ from: '', to: '2026-03-10' });
    expect([r.from, r.to, r.by, r.days]).toEqual(['2026-02-09', '2026-03-10', 'day', 30]);
  });

  it('lists every bucket of the period: days, Mondays of weeks, months', () => {
    const p = (from: string, to: string, by: 'day' | 'week' | 'month') =>
      bucketsOf({ from, to, by, days: 0 });
    expect(p('2026-02-27', '2026-03-02', 'day')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    // 1 March 2026 is a Sunday, 2 March a Monday.
    expect(p('2026-03-01', '2026-03-09', 'week')).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
    ]);
    expect(p('2025-12-15', '2026-02-01', 'month')).toEqual(['2025-12', '2026-01', '2026-02']);
  });
});

describe('the whole months of a period (read from the monthly sums)', () => {
  const months = (from: string, to: string) => wholeMonths(parseReportRange({ from, to }));
  it('are the months from a first day through a last day, none when no month is whole', () => {
    expect(months('2025-11-25', '2026-11-24')).toEqual({ from: '2025-12-01', to: '2026-11-01' });
    expect(months('2026-01-01', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2027-01-01' });
    expect(months('2024-02-01', '2024-02-29')).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(months('2025-12-31', '2026-02-28')).toEqual({ from: '2026-01-01', to: '2026-03-01' });
    expect(months('2026-03-02', '2026-03-31')).toBeNull();
    expect(months('2026-03-01', '2026-03-30')).toBeNull();
    expect(months('2026-03-15', '2026-04-14')).toBeNull();
  });
});

describe('writeXlsx', () => {
  it('writes text that a spreadsheet would run as a formula as plain text', async () => {
    const bytes = await writeXlsx([
      {
        name: '表',
        columns: [
          { header: '文本', key: 'text' },
          { header: '数', key: 'n' },
        ],
        rows: [
          { text: '=1+1', n: -5 },
          { text: '+86 138', n: 1.5 },
          { text: '-cmd|calc', n: 0 },
          { text: '@SUM(A1)', n: 2 },
          { text: '\t=1', n: 3 },
          { text: '阿莫西林 = 胶囊', n: null },
        ],
      },
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('表')!;
    const texts = [2, 3, 4, 5, 6, 7].map((r) => sheet.getCell(`A${r}`));
    expect(texts.map((c) => c.value)).toEqual([
      "'=1+1",
      "'+86 138",
      "'-cmd|calc",
      "'@SUM(A1)",
      "'\t=1",
      '阿莫西林 = 胶囊',
    ]);
    for (const c of texts) expect(c.type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('B2').value).toBe(-5);
    expect(sheet.getRow(1).values).toEqual([undefined, '文本', '数']);
  });
});

describe('top goods from pre-summed parts', () => {
  it('adds every part per goods, leaves out goods with no line left, ranks by amount then id', () => {
    const sums = (entries: [number, number, number][]) =>
      new Map(entries.map(([id, orders, amount]) => [id, { units: orders * 2, orders, amount }]));
    const months = sums([
      [1, 3, 900],
      [2, 1, 500],
      [3, 2, 700],
    ]);
    const days = sums([
      [2, 1, 300],
      [4, 1, 800],
    ]);
    // An order cancelled today takes goods 3 back to no line (its amount with it).
    const today = sums([[3, -2, -700]]);
    expect(topOfSums([months, days, today], 2)).toEqual([
      { goodsId: 1, units: 6, orders: 3, amount: 900 },
      { goodsId: 2, units: 4, orders: 2, amount: 800 },
    ]);
    expect(topOfSums([months, days, today], 10).map((g) => g.goodsId)).toEqual([1, 2, 4]);
    // The parts are left as they were (cached parts are read again by the next request).
    expect(months.get(2)).toEqual({ units: 2, orders: 1, amount: 500 });
  });
});

describe('the report cards', () => {
  it('group counts and amounts by thousands', () => {
    const range = parseReportRange({ from: '2026-01-01', to: '2026-01-10' });
    const total = { orders: 12_345, amount: 12_345_678_900, buyers: 1_002 }; // fen
    const cards = reportCards({
      range,
      sales: { total, series: [] },
      views: { views: 1_234_567, series: [] },
    } as unknown as Dashboard);
    expect(Object.fromEntries(cards.map((c) => [c.testid, c.value]))).toEqual({
      'card-orders': '12,345',
      'card-amount': '123,456,789.00',
      'card-buyers': '1,002',
      'card-average': '10,000.54',
      'card-per-day': '1,234.5',
      'card-views': '1,234,567',
    });
  });
});
