// GSP documents: merchandisers upload a goods' first-business documents and its lots' test
// reports (PDF or image by content), approved buyers read them on the goods and download the
// reports of exactly the lots they received as one zip per order; everyone else is refused as
// prices are hidden from them. Goods ids 600–639 are this file's.
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES } from '#/lib/staffRoles.ts';
import { freshBuyer } from '../support/backoffice.ts';
import { download, inDays, pdf, savedName, unzipped, uploadTo } from '../support/gsp.ts';
import { Client } from '../support/http.ts';
import { registerMember } from '../support/members.ts';
import { findGoods, freshCodes, paidOrder, plainGoods, shipAll } from '../support/orders.ts';
import { login } from '../support/shop.ts';
import { staffLogin } from '../support/staff.ts';

const FROM = 600;
const TO = 640;
const REQUIRED = ['supplier_licence', 'manufacturer_licence', 'registration'];

const staff: Record<string, Client> = {};
let demo: Client;
let merch: Client;
beforeAll(async () => {
  for (const r of STAFF_ROLES) staff[r] = await staffLogin(r);
  merch = staff['merchandiser']!;
  demo = await login('demo');
});

/** The first plain goods from `from` with at least `lots` lots on sale, as the desk lists it. */
async function goodsWithLots(from: number, lots: number) {
  for (let id = from; id < TO; id++) {
    const g = await findGoods(demo, id, TO, plainGoods);
    const desk = (await merch.get(`/api/admin/goods/${g.id}/documents`)).body.data;
    if (desk.lots.length >= lots) return { g, lots: desk.lots as any[] };
    id = g.id;
  }
  throw new Error('no goods with lots as wanted');
}

/** How a download names the goods: 阿莫西林胶囊(0.25g×24粒). */
const fileBase = (g: any) => `${g.name}(${g.ypgg.replaceAll('*', '×')})`;

const flagged = async (code: string, state: 'flagged' | 'complete') =>
  (await merch.get('/api/admin/documents', { state, q: code })).body.data as any[];

describe('who may upload and read on the documents desk', () => {
  const ENDPOINTS: [string, string][] = [
    ['GET', '/api/admin/documents'],
    ['GET', '/api/admin/goods/999999/documents'],
    ['POST', '/api/admin/goods/999999/documents'],
    ['POST', '/api/admin/lots/999999/report'],
    ['POST', '/api/admin/documents/shop'],
    ['POST', '/api/admin/documents/rule'],
  ];
  it.each(ENDPOINTS)(
    '%s %s: 401 for visitors and buyers, 403 without the role',
    async (method, path) => {
      expect((await new Client().request(method, path)).status).toBe(401);
      expect((await demo.request(method, path)).status).toBe(401);
      for (const role of STAFF_ROLES) {
        const res = await staff[role]!.request(method, path);
        if (role === 'merchandiser' || role === 'admin')
          expect([200, 404, 415, 422], `${role} ${path}`).toContain(res.status);
        else {
          expect(res.status, `${role} ${path}`).toBe(403);
          expect(res.body.message).toContain('商品运营');
        }
      }
    },
  );
});

describe('uploads the desk refuses', () => {
  it('answers wrong content, oversized, missing files and bad fields with 4xx and a reason', async () => {
    const { g, lots } = await goodsWithLots(FROM, 1);
    const goodsPath = `/api/admin/goods/${g.id}/documents`;
    const reportPath = `/api/admin/lots/${lots[0].lot_id}/report`;
    const fields = { kind: 'registration', valid_until: inDays(300) };
    const text = { bytes: Buffer.from('这不是PDF，只是改了扩展名'), name: '批件.pdf' };
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    huge.write('%PDF-1.7\n');
    const cases: [string, Promise<any>, number, string][] = [
      ['text named .pdf', uploadTo(merch, goodsPath, fields, text), 422, 'file'],
      ['report as text', uploadTo(merch, reportPath, {}, text), 422, 'file'],
      ['no file', uploadTo(merch, goodsPath, fields), 422, 'file'],
      [
        'empty file',
        uploadTo(merch, reportPath, {}, { bytes: new Uint8Array(), name: 'a.pdf' }),
        422,
        'file',
      ],
      [
        'unknown kind',
        uploadTo(merch, goodsPath, { kind: 'selfie' }, { bytes: pdf('k'), name: 'a.pdf' }),
        422,
        'kind',
      ],
      [
        'bad date',
        uploadTo(
          merch,
          goodsPath,
          { kind: 'gmp', valid_until: '2026-02-31x' },
          { bytes: pdf('d'), name: 'a.pdf' },
        ),
        422,
        'valid_until',
      ],
      [
        'shop kind on goods',
        uploadTo(merch, goodsPath, { kind: 'drug_licence' }, { bytes: pdf('s'), name: 'a.pdf' }),
        422,
        'kind',
      ],
    ];
    for (const [label, pending, status, field] of cases) {
      const res = await pending;
      expect(res.status, label).toBe(status);
      expect(res.body.errors?.[field], label).toBeTruthy();
      expect(res.body.message, label).toMatch(/[\u4e00-\u9fa5]/);
    }
    const big = await uploadTo(merch, reportPath, {}, { bytes: huge, name: 'big.pdf' });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('文件不能超过10MB');
    const form = await merch.post(goodsPath, fields);
    expect(form.status).toBe(415);
    expect(
      (
        await uploadTo(merch, '/api/admin/goods/999999/documents', fields, {
          bytes: pdf('x'),
          name: 'a.pdf',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await uploadTo(
          merch,
          '/api/admin/lots/999999/report',
          {},
          { bytes: pdf('x'), name: 'a.pdf' },
        )
      ).status,
    ).toBe(404);
    expect(
      (await uploadTo(merch, '/api/admin/lots/abc/report', {}, { bytes: pdf('x'), name: 'a.pdf' }))
        .status,
    ).toBe(422);
    // Nothing was kept.
    const after = (await demo.get(`/api/goods/${g.id}/documents`)).body.data;
    expect(after.documents.filter((d: any) => d.kind === 'registration')).toEqual([]);
  });
});

describe("a goods' documents, its lots' reports and an order's zip", () => {
  it('flags missing and expired documents, shows them to approved buyers only, zips exactly the lots received', async () => {
    const { g, lots } = await goodsWithLots(FROM + 5, 2);
    const goodsPath = `/api/admin/goods/${g.id}/documents`;

    // Nothing uploaded: flagged, with every required kind missing.
    const before = (await flagged(g.code, 'flagged')).find((r) => r.id === g.id);
    expect(before).toMatchObject({
      flagged: true,
      missing: REQUIRED,
      lots_without_report: lots.length,
    });

    const files: Record<string, Buffer> = {};
    for (const kind of [...REQUIRED, 'packaging']) {
      files[kind] = pdf(kind);
      const res = await uploadTo(
        merch,
        goodsPath,
        { kind, valid_until: kind === 'packaging' ? '' : inDays(400) },
        { bytes: files[kind]!, name: `${kind}.pdf` },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toMatchObject({ kind, expired: false });
    }
    // Still flagged while a lot on sale has no report.
    expect((await flagged(g.code, 'flagged')).find((r) => r.id === g.id)).toMatchObject({
      missing: [],
      expired: [],
      lots_without_report: lots.length,
    });
    const reports = new Map<number, Buffer>();
    for (const lot of lots) {
      reports.set(lot.lot_id, pdf(`report ${lot.batch_no}`));
      const res = await uploadTo(
        merch,
        `/api/admin/lots/${lot.lot_id}/report`,
        {},
        { bytes: reports.get(lot.lot_id)!, name: 'r.pdf' },
      );
      expect(res.status).toBe(201);
    }
    expect((await flagged(g.code, 'complete')).map((r) => r.id)).toContain(g.id);

    // An expired registration flags it again; a new file in date replaces it.
    const old = await uploadTo(
      merch,
      goodsPath,
      { kind: 'registration', valid_until: inDays(-1) },
      { bytes: pdf('old'), name: 'old.pdf' },
    );
    expect(old.body.data.expired).toBe(true);
    expect((await flagged(g.code, 'flagged')).find((r) => r.id === g.id)?.expired).toEqual([
      'registration',
    ]);
    const renewed = await uploadTo(
      merch,
      goodsPath,
      { kind: 'registration', valid_until: inDays(400) },
      { bytes: files['registration']!, name: 'reg.pdf' },
    );
    expect(renewed.status).toBe(201);
    expect((await flagged(g.code, 'complete')).map((r) => r.id)).toContain(g.id);

    // Buyers: a visitor must log in, an unapproved store wait (as for prices); approved ones read.
    expect((await new Client().get(`/api/goods/${g.id}/documents`)).status).toBe(401);
    const unapproved = (await registerMember()).client;
    // The header's 质检报告 leads approved members to /zjbg; others keep the operator's message.
    expect(
      (await demo.get('/api/user/base')).body.data.quality_inspection.quality_inspection_url,
    ).toBe('/zjbg');
    const kept = (await unapproved.get('/api/user/base')).body.data.quality_inspection;
    expect(kept).toMatchObject({
      quality_inspection_url: '',
      msg: '质检报告请联系您的专属客服索取',
    });
    const refused = await unapproved.get(`/api/goods/${g.id}/documents`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('审核通过后可查看资料');
    const view = (await demo.get(`/api/goods/${g.id}/documents`)).body.data;
    expect(view.documents.map((d: any) => d.kind).sort()).toEqual(
      [...REQUIRED, 'packaging'].sort(),
    );
    expect(view.lots.map((l: any) => l.lot_id).sort()).toEqual(lots.map((l) => l.lot_id).sort());
    const reg = view.documents.find((d: any) => d.kind === 'registration');
    const file = await download(demo, reg.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(savedName(file)).toBe(`${fileBase(g)}_药品注册批件.pdf`);
    expect(Buffer.from(await file.arrayBuffer()).equals(files['registration']!)).toBe(true);
    expect((await download(new Client(), reg.url)).status).toBe(401);
    expect((await download(unapproved, reg.url)).status).toBe(403);
    expect((await demo.get('/api/documents/99999999')).status).toBe(404);

    // The order: before shipping its zip holds the goods' documents only.
    const orderId = await paidOrder(demo, g.id, 1);
    const early = unzipped(
      await (await download(demo, `/api/order/${orderId}/documents`)).arrayBuffer(),
    );
    expect(Object.keys(early).filter((n) => n.includes('药检报告'))).toEqual([]);
    expect(Object.keys(early)).toHaveLength(4);

    const desk = (await staff['warehouse']!.get(`/api/admin/orders/${orderId}`)).body.data;
    const lotId: number = desk.lines[0].reserved[0].lot_id;
    const shipped = await staff['warehouse']!.post(
      `/api/admin/orders/${orderId}/ship`,
      shipAll(desk, (l) => (l.needs_codes ? freshCodes(l.left) : [])),
    );
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(201);

    const res = await download(demo, `/api/order/${orderId}/documents`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const order = (await demo.get(`/api/order/${orderId}`)).body.data;
    expect(savedName(res)).toBe(`${order.no}.zip`);
    const zip = unzipped(await res.arrayBuffer());
    const lot = lots.find((l) => l.lot_id === lotId)!;
    const base = fileBase(g);
    expect(Object.keys(zip).sort()).toEqual(
      [
        `${base}_供货单位资质.pdf`,
        `${base}_生产企业许可证.pdf`,
        `${base}_药品注册批件.pdf`,
        `${base}_包装标签说明书.pdf`,
        `${base}_批号${lot.batch_no}_药检报告.pdf`,
      ].sort(),
    );
    expect(
      Buffer.from(zip[`${base}_批号${lot.batch_no}_药检报告.pdf`]!).equals(reports.get(lotId)!),
    ).toBe(true);
    expect(Buffer.from(zip[`${base}_供货单位资质.pdf`]!).equals(files['supplier_licence']!)).toBe(
      true,
    );

    // Another store's order is not found; a visitor must log in.
    const other = await freshBuyer();
    expect((await other.get(`/api/order/${orderId}/documents`)).status).toBe(404);
    expect((await new Client().get(`/api/order/${orderId}/documents`)).status).toBe(401);
    expect((await demo.get('/api/order/99999999/documents')).status).toBe(404);
  });
});

describe("the shop's own documents", () => {
  it('are one zip for approved buyers, once uploaded; expiring ones show on the dashboard', async () => {
    const licence = pdf('药品经营许可证');
    const agreement = pdf('质量保证协议');
    for (const [kind, bytes, until] of [
      ['drug_licence', licence, inDays(10)],
      ['quality_agreement', agreement, ''],
    ] as const) {
      const res = await uploadTo(
        staff['admin']!,
        '/api/admin/documents/shop',
        { kind, valid_until: until },
        { bytes, name: 'a.pdf' },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    expect(
      (
        await uploadTo(
          merch,
          '/api/admin/documents/shop',
          { kind: 'gmp' },
          { bytes: licence, name: 'a.pdf' },
        )
      ).status,
    ).toBe(422);
    expect((await new Client().get('/api/documents/shop')).status).toBe(401);
    expect((await (await registerMember()).client.get('/api/documents/shop')).status).toBe(403);
    const res = await download(demo, '/api/documents/shop');
    expect(res.status).toBe(200);
    expect(savedName(res)).toBe('本公司资质文件.zip');
    const zip = unzipped(await res.arrayBuffer());
    expect(Buffer.from(zip['本公司_药品经营许可证.pdf']!).equals(licence)).toBe(true);
    expect(Buffer.from(zip['本公司_质量保证协议.pdf']!).equals(agreement)).toBe(true);

    const dashboard = await merch.get('/admin');
    expect(dashboard.status).toBe(200);
    const panel = String(dashboard.body).split('data-testid="expiring-documents"')[1] ?? '';
    expect(panel).toContain(inDays(10));
    expect(panel).toContain('药品经营许可证');
    // Staff without the role do not get the panel.
    expect(String((await staff['finance']!.get('/admin')).body)).not.toContain(
      'expiring-documents',
    );
  });
});
