// Goods import and export: the dry run's per-row report, the import in the background with its
// progress, the same file twice changing nothing, a stock-only file, hostile files, and the
// export read back with exceljs.
import { randomInt } from 'node:crypto';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { staffLogin } from '../support/staff.ts';

let merch: Client;
beforeAll(async () => {
  merch = await staffLogin('merchandiser');
});

const run = `${Date.now().toString(36)}${randomInt(0, 1e6).toString(36)}`.toUpperCase();
const erp = (n: number) => `E${run}${n}`;
const approval = () => `国药准字Z${String(randomInt(0, 1e8)).padStart(8, '0')}`;

const HEAD = [
  'ERP编码',
  '通用名',
  '规格',
  '生产厂家',
  '批准文号',
  '药品分类',
  '包装单位',
  '件装量',
  '类目',
  '单价',
  '阶梯价',
  '批号',
  '生产日期',
  '有效期至',
  '库存',
];
const csv = (rows: string[][]) => [HEAD, ...rows].map((r) => r.join(',')).join('\n');

function upload(c: Client, body: Uint8Array<ArrayBuffer> | string, name: string, dryRun: boolean) {
  const form = new FormData();
  form.set('file', new File([body], name));
  if (dryRun) form.set('dry_run', '1');
  return c.request('POST', '/api/admin/goods/import', { body: form });
}

async function importAndWait(c: Client, body: Uint8Array<ArrayBuffer> | string, name: string) {
  const started = await upload(c, body, name, false);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const id = started.body.data.id;
  let p: any;
  await expect
    .poll(
      async () => {
        p = (await c.get(`/api/admin/goods/import/${id}`)).body.data;
        return p.state;
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe('done');
  return p;
}

const findByErp = async (code: string) =>
  (await merch.get('/api/admin/goods', { q: code })).body.data.filter(
    (g: any) => g.erp_code === code,
  );

describe('goods import', () => {
  const good1 = [
    erp(1),
    '板蓝根颗粒',
    '10g*20袋',
    '湖北导入测试制药有限公司',
    approval(),
    '乙类OTC',
    '盒',
    '40',
    '感冒用药',
    '12.50',
    '10:12.00;50:11.50',
    'P001',
    '2026-01-01',
    '2028-01-01',
    '300',
  ];
  const good2 = [
    erp(2),
    '连花清瘟胶囊',
    '0.35g*24粒',
    '湖北导入测试制药有限公司',
    approval(),
    'otc_a',
    '盒',
    '20',
    '感冒用药',
    '15.80',
    '',
    '',
    '',
    '',
    '',
  ];
  const badApproval = [
    erp(3),
    '感冒灵颗粒',
    '10g*9袋',
    '湖北导入测试制药有限公司',
    '国药准字X123',
    '乙类OTC',
    '盒',
    '40',
    '感冒用药',
    '9.90',
    '',
    '',
    '',
    '',
    '',
  ];
  const badPrice = [
    erp(4),
    '复方甘草片',
    '100片',
    '湖北导入测试制药有限公司',
    approval(),
    '处方药',
    '瓶',
    '50',
    '不存在的类目',
    '-3',
    '',
    '',
    '',
    '',
    '',
  ];
  const file = csv([good1, good2, badApproval, badPrice]);

  it('a dry run reports each row (row number, column, reason) and writes nothing', async () => {
    const res = await upload(merch, file, 'goods.csv', true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.summary, JSON.stringify(res.body.data.rows)).toEqual({
      total: 4,
      created: 2,
      updated: 0,
      unchanged: 0,
      refused: 2,
    });
    const rows = res.body.data.rows;
    expect(rows.map((r: any) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'refuse'],
      [5, 'refuse'],
    ]);
    expect(rows[2].reasons.join()).toContain('「批准文号」批准文号格式不正确');
    expect(rows[3].reasons.join()).toContain('「类目」不存在的类目不存在');
    expect(rows[3].reasons.join()).toContain('「单价」');
    expect(await findByErp(erp(1))).toEqual([]);
  });

  it('imports the good rows in the background; the same file again changes nothing', async () => {
    const first = await importAndWait(merch, file, 'goods.csv');
    expect(first).toMatchObject({ total: 4, done: 4, created: 2, updated: 0, refused: 2 });
    expect(first.report.map((r: any) => r.line)).toEqual([4, 5]);
    const [g1] = await findByErp(erp(1));
    expect(g1).toMatchObject({ name: '板蓝根颗粒', base_price: '12.50', stock: 300, version: 1 });
    const detail = (await merch.get(`/api/admin/goods/${g1.id}`)).body.data;
    expect(detail.ladder).toEqual([
      { min_number: 10, price: '12.00' },
      { min_number: 50, price: '11.50' },
    ]);
    expect(detail.search_keys.name).toBe('blgkl');
    expect(detail.code).toBe(erp(1));

    const again = await upload(merch, file, 'goods.csv', true);
    expect(again.body.data.summary).toEqual({
      total: 4,
      created: 0,
      updated: 0,
      unchanged: 2,
      refused: 2,
    });
    const second = await importAndWait(merch, file, 'goods.csv');
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 2, refused: 2 });
    const [same] = await findByErp(erp(1));
    expect(same).toMatchObject({ stock: 300, version: 1 });
    expect(await findByErp(erp(2))).toHaveLength(1);
  });

  it('a new goods gets every column of its row (prices by rank, tags, flags, texts), and the same file again changes nothing', async () => {
    const head =
      'ERP编码,通用名,商品名,规格,生产厂家,批准文号,药品分类,包装单位,中包装,件装量,按中包装购买,类目,单价,V2会员价,V3会员价,标签,含麻黄碱,单笔限购,包邮数量,在售,商品说明,批号,生产日期,有效期至,库存';
    const row = [
      erp(7),
      '复方氨酚烷胺片',
      '感康',
      '12片',
      '湖北导入测试制药有限公司',
      approval(),
      '乙类OTC',
      '盒',
      '2',
      '60',
      '是',
      '感冒用药',
      '18.00',
      '17.50',
      '17.00',
      '新;特',
      '是',
      '5',
      '10',
      '否',
      '饭后服用, 一日两次',
      'K01',
      '2026-02-01',
      '2028-01-31',
      '40',
    ];
    const body = `${head}\n${row.map((c) => (c.includes(',') ? `"${c}"` : c)).join(',')}\n`;
    const first = await importAndWait(merch, body, 'full.csv');
    expect(first).toMatchObject({ created: 1, refused: 0 });
    const [g] = await findByErp(erp(7));
    const detail = (await merch.get(`/api/admin/goods/${g.id}`)).body.data;
    expect(detail).toMatchObject({
      code: erp(7),
      trade_name: '感康',
      inner_pack: 2,
      case_qty: 60,
      must_multiple: true,
      base_price: '18.00',
      rank_prices: { v2: '17.50', v3: '17.00' },
      tags: ['新', '特'],
      is_ephedrine: true,
      purchase_limit: 5,
      is_free_shipping: true,
      free_shipping_number: 10,
      is_buy: false,
      description: '饭后服用, 一日两次',
      stock: 40,
      version: 1,
    });
    expect(detail.lots).toMatchObject([
      { batch_no: 'K01', produced_on: '2026-02-01', expires_on: '2028-01-31', stock: 40 },
    ]);
    const second = await importAndWait(merch, body, 'full.csv');
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 1, refused: 0 });
  });

  it('a stock-only file (ERP code, lot, stock) changes only the stock, matched by ERP code', async () => {
    const head = 'ERP编码,批号,生产日期,有效期至,库存';
    const body = `${head}\n${erp(1)},P001,2026-01-01,2028-01-01,120\n${erp(1)},P002,2026-02-01,2028-02-01,80\n`;
    const done = await importAndWait(merch, body, 'stock.csv');
    expect(done).toMatchObject({ total: 2, updated: 2, refused: 0 });
    const [g1] = await findByErp(erp(1));
    expect(g1).toMatchObject({ stock: 200, base_price: '12.50', version: 1 });
    const unknown = await upload(
      merch,
      `${head}\nNOPE${run},P1,2026-01-01,2028-01-01,5\n`,
      's.csv',
      true,
    );
    expect(unknown.body.data.rows[0].action).toBe('refuse');
  });

  it('reads .xlsx; formula cells are refused, never evaluated', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('商品');
    sheet.addRow(HEAD);
    sheet.addRow([
      erp(5),
      '维C银翘片',
      '24片',
      '湖北导入测试制药有限公司',
      approval(),
      '乙类OTC',
      '盒',
      40,
      '感冒用药',
      6.5,
      '',
      'X1',
      new Date('2026-01-01'),
      new Date('2028-01-01'),
      10,
    ]);
    const r = sheet.addRow([
      erp(6),
      '双黄连口服液',
      '10ml*10支',
      '湖北导入测试制药有限公司',
      approval(),
      '乙类OTC',
      '盒',
      40,
      '感冒用药',
      0,
      '',
      '',
      '',
      '',
      '',
    ]);
    r.getCell(10).value = { formula: 'HYPERLINK("http://evil","9.9")', result: '9.9' } as never;
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const res = await upload(merch, bytes, 'goods.xlsx', true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.rows;
    expect(rows[0]).toMatchObject({ line: 2, action: 'create' });
    expect(rows[1].action).toBe('refuse');
    expect(rows[1].reasons.join()).toContain('「单价」含公式');
  });

  it('a dry run of a large file runs in the background with progress and writes nothing', async () => {
    const lines = Array.from(
      { length: 2100 },
      (_, i) => `${erp(1000 + i)},P1,2026-01-01,2028-01-01,5`,
    );
    const body = `ERP编码,批号,生产日期,有效期至,库存\n${lines.join('\n')}\n`;
    const started = await upload(merch, body, 'big.csv', true);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    let p: any;
    await expect
      .poll(
        async () => {
          p = (await merch.get(`/api/admin/goods/import/${started.body.data.id}`)).body.data;
          return p.state;
        },
        { timeout: 30_000, interval: 300 },
      )
      .toBe('done');
    expect(p).toMatchObject({ dry_run: true, total: 2100, done: 2100, created: 0, refused: 2100 });
    expect(p.report).toHaveLength(2000);
    expect(p.report[0]).toMatchObject({ line: 2, action: 'refuse' });
  });

  it('refuses hostile files with 4xx and a Chinese message', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0, 0]);
    const notSheet = await upload(merch, png, 'goods.xlsx', true);
    expect(notSheet.status).toBe(415);
    expect(notSheet.body.message).toContain('.xlsx');
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await upload(merch, zip, 'goods.xlsx', true)).status).toBe(415);
    const wrong = await upload(merch, '名字,价格\n板蓝根,1\n', 'goods.csv', true);
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toContain('无法识别的列');
    const noKey = await upload(merch, '通用名,单价\n板蓝根,1\n', 'goods.csv', true);
    expect(noKey.status).toBe(422);
    expect(noKey.body.message).toContain('ERP编码');
    expect((await upload(merch, '', 'empty.csv', true)).status).toBe(400);
    const headOnly = await upload(merch, `${HEAD.join(',')}\n`, 'goods.csv', true);
    expect(headOnly.status).toBe(422);
    const many = `ERP编码,库存\n${'A,1\n'.repeat(100_001)}`;
    const tooMany = await upload(merch, many, 'many.csv', true);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toContain('10');
    const huge = await upload(merch, 'x'.repeat(41 * 1024 * 1024), 'huge.csv', true);
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('文件不能超过40MB，请分成多个文件导入');
    const json = await merch.post('/api/admin/goods/import', { file: 'x' });
    expect(json.status).toBe(415);
  });

  it('refuses a workbook of too many rows as it reads it, and stays up', async () => {
    // Held whole, a workbook of 500,000 such rows (18 MB) took the shop past its heap limit.
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = book.addWorksheet('商品');
    sheet.addRow(['ERP编码', '批号', '库存']).commit();
    for (let i = 0; i < 100_001; i++) sheet.addRow([`E${i}`, 'P1', 5]).commit();
    sheet.commit();
    await book.commit();
    const res = await upload(merch, new Uint8Array(Buffer.concat(chunks)), 'erp.xlsx', true);
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body.message).toBe('表格最多100000行，请分成多个文件导入');
    expect((await merch.get('/api/admin/goods/import/template')).status).toBe(200);
  });

  it('refuses a workbook whose parts inflate past the limits, whatever its directory claims', async () => {
    // A few MB that inflate to hundreds: 1.2 GB of shared strings took the shop past its heap limit.
    const strings = await upload(merch, bomb('xl/sharedStrings.xml', 129), 'bomb.xlsx', true);
    expect(strings.status, JSON.stringify(strings.body)).toBe(413);
    expect(strings.body.message).toBe('表格中的文字超过128MB，请分成多个文件导入');
    const sheet = await upload(merch, bomb('xl/worksheets/sheet1.xml', 257), 'bomb.xlsx', true);
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(413);
    expect(sheet.body.message).toBe('表格解压后超过256MB，请分成多个文件导入');
    // Under the limits, the same lying directory is no reason to refuse a workbook.
    const small = await upload(merch, bomb('xl/sharedStrings.xml', 1), 'small.xlsx', true);
    expect(small.status, JSON.stringify(small.body)).toBe(422);
    expect(small.body.message).toContain('ERP编码');
    expect((await merch.get('/api/admin/goods/import/template')).status).toBe(200);
  });

  it('only the merchandiser (and admin) import, export and download the template', async () => {
    const reviewer = await staffLogin('reviewer');
    expect((await upload(reviewer, file, 'goods.csv', true)).status).toBe(403);
    expect((await reviewer.get('/api/admin/goods/export')).status).toBe(403);
    expect((await reviewer.get('/api/admin/goods/import/template')).status).toBe(403);
    expect((await reviewer.get('/api/admin/goods/import/1')).status).toBe(403);
    expect((await new Client().get('/api/admin/goods/export')).status).toBe(401);
    expect((await merch.get('/api/admin/goods/import/2000000000')).status).toBe(404);
  });
});

describe('goods export', () => {
  it('exports goods with stock and prices, and lots, as .xlsx the import reads back unchanged', async () => {
    const res = await fetch(new URL(`/api/admin/goods/export?q=${erp(1)}`, merch.base), {
      headers: { cookie: [...merch.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as never);
    const goodsSheet = book.getWorksheet('商品')!;
    const header = (goodsSheet.getRow(1).values as unknown[]).slice(1);
    const row = (goodsSheet.getRow(2).values as unknown[]).slice(1);
    const cell = (h: string) => row[header.indexOf(h)];
    expect(cell('ERP编码')).toBe(erp(1));
    expect(cell('单价')).toBe('12.50');
    expect(cell('阶梯价')).toBe('10:12.00;50:11.50');
    expect(cell('库存合计')).toBe(200);
    const lots = book.getWorksheet('批号')!;
    expect(lots.rowCount).toBe(3);
    const back = await upload(merch, bytes, 'export.xlsx', true);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.summary).toMatchObject({ total: 1, unchanged: 1, refused: 0 });
    const template = await merch.get('/api/admin/goods/import/template');
    expect(template.status).toBe(200);
  });

  it('an export imports back as unchanged: a brand named with digits, free shipping off with its number kept', async () => {
    // 999 is a brand's name (华润三九), not brand 999; a goods whose free shipping was switched
    // off keeps its number, which the export writes as 0. Both read as changes before.
    const brandIds = new Set(
      (await merch.get('/api/admin/brands')).body.data.map((b: { id: number }) => b.id),
    );
    const digits = String([...brandIds][0]);
    const brand = await merch.post('/api/admin/brands', { name: digits });
    expect(brand.status, JSON.stringify(brand.body)).toBe(201);
    const page = await merch.get('/api/admin/goods', { per_page: 1 });
    const one = (await merch.get(`/api/admin/goods/${page.body.data[0].id}`)).body.data;
    const made = await merch.post('/api/admin/goods', {
      code: erp(30),
      erp_code: erp(30),
      name: '三九感冒灵颗粒',
      spec: '10g*9袋',
      manufacturer: '华润三九医药股份有限公司',
      approval_no: approval(),
      drug_class: 'otc_a',
      bzdw: '盒',
      inner_pack: 1,
      case_qty: 40,
      category_id: one.category_id,
      brand_id: brand.body.data.id,
      base_price: '15.80',
      is_free_shipping: '0',
      free_shipping_number: 20,
      is_buy: '1',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ is_free_shipping: false, free_shipping_number: 20 });
    const res = await fetch(new URL(`/api/admin/goods/export?q=${erp(30)}`, merch.base), {
      headers: { cookie: [...merch.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const back = await upload(merch, bytes, 'export.xlsx', true);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.rows).toEqual([
      { line: 2, action: 'unchanged', goods: '三九感冒灵颗粒 10g*9袋', reasons: [] },
    ]);
  });

  it('an export imports back as unchanged when two brands share a name: the brand goes out by its id', async () => {
    // Two makers' brands both called 同仁堂: written by name, the import refused it as ambiguous.
    const name = `同仁堂${run}`;
    const first = await merch.post('/api/admin/brands', { name });
    const second = await merch.post('/api/admin/brands', { name });
    expect([first.status, second.status]).toEqual([201, 201]);
    const page = await merch.get('/api/admin/goods', { per_page: 1 });
    const one = (await merch.get(`/api/admin/goods/${page.body.data[0].id}`)).body.data;
    const made = await merch.post('/api/admin/goods', {
      code: erp(31),
      erp_code: erp(31),
      name: '安宫牛黄丸',
      spec: '3g*1丸',
      manufacturer: '北京同仁堂科技发展股份有限公司',
      approval_no: approval(),
      drug_class: 'rx',
      bzdw: '盒',
      inner_pack: 1,
      case_qty: 100,
      category_id: one.category_id,
      brand_id: second.body.data.id,
      base_price: '398.00',
      is_buy: '1',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const res = await fetch(new URL(`/api/admin/goods/export?q=${erp(31)}`, merch.base), {
      headers: { cookie: [...merch.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as never);
    const sheet = book.getWorksheet('商品')!;
    const header = sheet.getRow(1).values as unknown[];
    expect(sheet.getRow(2).getCell(header.indexOf('品牌')).value).toBe(second.body.data.id);
    const back = await upload(merch, bytes, 'export.xlsx', true);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.rows).toEqual([
      { line: 2, action: 'unchanged', goods: '安宫牛黄丸 3g*1丸', reasons: [] },
    ]);
  });

  it('exports the whole catalogue: every goods once, in id order, each with its lots', async () => {
    const res = await fetch(new URL('/api/admin/goods/export', merch.base), {
      headers: { cookie: [...merch.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as never);
    const goodsSheet = book.getWorksheet('商品')!;
    const ids = (goodsSheet.getColumn(1).values as unknown[]).slice(2) as number[];
    const total = (await merch.get('/api/admin/goods', { per_page: 20 })).body.total as number;
    // Goods other test files add meanwhile come after the listed total's.
    expect(ids.length).toBeGreaterThanOrEqual(total);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    const codes = new Set((goodsSheet.getColumn(3).values as unknown[]).slice(2));
    const lotCodes = (book.getWorksheet('批号')!.getColumn(2).values as unknown[]).slice(2);
    expect(lotCodes.length).toBeGreaterThan(ids.length / 2);
    expect(lotCodes.every((c) => codes.has(c))).toBe(true);
  });
});

/**
 * A workbook whose part `name` inflates to `megabytes` MB of repeated XML (shared strings or
 * rows), every part's size in the central directory claiming 100 bytes.
 */
function bomb(name: string, megabytes: number): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  const part = (path: string, ...xml: (string | Uint8Array)[]) => {
    const entry = new ZipDeflate(path, { level: 1 });
    zip.add(entry);
    xml.forEach((x, i) => entry.push(typeof x === 'string' ? strToU8(x) : x, i === xml.length - 1));
  };
  const main = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  part(
    'xl/workbook.xml',
    `<workbook ${main} xmlns:r="${rel}"><sheets><sheet name="商品" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  part(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  const filler = (unit: string) => strToU8(unit.repeat(Math.ceil((1 << 20) / unit.length)));
  const strings = name === 'xl/sharedStrings.xml';
  const mb = filler(
    strings
      ? '<si><t>板蓝根颗粒</t></si>'
      : '<row><c t="inlineStr"><is><t>板蓝根</t></is></c></row>',
  );
  part(
    'xl/sharedStrings.xml',
    `<sst ${main}><si><t>通用名</t></si>`,
    ...(strings ? Array<Uint8Array>(megabytes).fill(mb) : []),
    '</sst>',
  );
  part(
    'xl/worksheets/sheet1.xml',
    `<worksheet ${main}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row>`,
    ...(strings ? [] : Array<Uint8Array>(megabytes).fill(mb)),
    '</sheetData></worksheet>',
  );
  zip.end();
  const bytes = Buffer.concat(parts);
  // Each central directory record's uncompressed size (offset 24 of the record).
  for (let at = bytes.indexOf('PK\x01\x02'); at >= 0; at = bytes.indexOf('PK\x01\x02', at + 4))
    bytes.writeUInt32LE(100, at + 24);
  return new Uint8Array(bytes);
}
