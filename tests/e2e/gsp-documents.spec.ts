import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { unzipSync } from 'fflate';
import { traceCodes } from './support/backoffice.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';
import { hydrated, staffPage } from './support/staff.ts';

// GSP documents end to end: the merchandiser uploads a goods' first-business documents and the
// test report of the lot the lot rules will give the next order (earliest expiry first, no
// near-expiry lots), and another lot's report; a new pharmacy sees them on the detail page,
// orders, the warehouse ships, and the pharmacy's 一键下载 zip holds those documents and exactly
// the report of the lot it received. Goods ids 1350–1500 are this spec's.

const FROM = 1350;
const TO = 1500;
const pdf = (label: string) => Buffer.from(`%PDF-1.7\n% ${label} ${Date.now()}\n%%EOF\n`);
const inDays = (n: number) =>
  new Date(Date.now() + 8 * 3600_000 + n * 86_400_000).toISOString().slice(0, 10);

/** A plain drug with two or more lots on sale at full price and none in the near-expiry zone. */
async function goodsWithTwoLots(r: APIRequestContext) {
  for (let id = FROM; id < TO; id++) {
    const res = await r.get(`/api/goods/detail/${id}`);
    if (!res.ok()) continue;
    const g = (await res.json()).data;
    const onSale = g.lots.filter((l: any) => l.stock > 0);
    if (
      g.is_buy &&
      !g.is_ephedrine &&
      !g.must_multiple &&
      g.purchase_limit === 0 &&
      g.gifts.length === 0 &&
      !g.price_kind &&
      onSale.length >= 2 &&
      onSale.every((l: any) => !l.near_expiry && l.stock >= 5)
    )
      return g;
  }
  throw new Error('no goods with two lots on sale');
}

/** On /admin/documents/{id}: uploads one file through a form of the page, waits for the reload. */
async function uploadOnDesk(
  desk: Page,
  form: ReturnType<Page['getByRole']>,
  file: { name: string; buffer: Buffer },
  fields: { kind?: string; validUntil?: string } = {},
) {
  if (fields.kind) await form.getByLabel('资料类型').selectOption(fields.kind);
  if (fields.validUntil) await form.getByLabel('有效期至').fill(fields.validUntil);
  await form.getByLabel('文件').setInputFiles({ ...file, mimeType: 'application/pdf' });
  await Promise.all([desk.waitForEvent('load'), form.locator('button[type=submit]').click()]);
  await hydrated(desk, 'DocumentUpload');
}

test('the merchandiser uploads documents and a lot report; the buyer downloads them with the order', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = baseURL!;
  const headers = { origin };
  const buyer = await (await browser.newContext({ baseURL: origin })).newPage();
  await freshApprovedPharmacy(buyer.request, origin);
  const g = await goodsWithTwoLots(buyer.request);
  // The lot rules (orders/lotChoice): earliest expiry first, then the lower id.
  const [fefo, other] = [...g.lots]
    .filter((l: any) => l.stock > 0)
    .sort((a: any, b: any) => a.expires_on.localeCompare(b.expires_on) || a.id - b.id);

  // The merchandiser finds the goods on the desk (filter kept in the URL) and opens it.
  const desk = await staffPage(browser, origin, 'merchandiser');
  await desk
    .getByRole('navigation', { name: '后台菜单' })
    .getByRole('link', { name: '首营资料' })
    .click();
  await desk.getByLabel('搜索').fill(g.code);
  await desk.getByRole('button', { name: '筛选' }).click();
  await expect(desk).toHaveURL(new RegExp(`q=${g.code}`));
  const row = desk.locator(`tr[data-goods="${g.id}"]`);
  await expect(row.getByTestId('doc-state')).toHaveText('待补齐');
  await row.getByRole('link', { name: '上传/查看' }).click();
  await expect(desk).toHaveURL(`/admin/documents/${g.id}`);
  await hydrated(desk, 'DocumentUpload');

  const docs: Record<string, Buffer> = {
    supplier_licence: pdf('供货单位资质'),
    manufacturer_licence: pdf('生产企业许可证'),
    registration: pdf('药品注册批件'),
  };
  const goodsForm = desk.getByRole('form', { name: '上传首营资料' });
  for (const [kind, buffer] of Object.entries(docs))
    await uploadOnDesk(
      desk,
      goodsForm,
      { name: `${kind}.pdf`, buffer },
      { kind, validUntil: inDays(365) },
    );
  for (const kind of Object.keys(docs))
    await expect(
      desk.locator(`[data-kind="${kind}"]`).getByRole('link', { name: '下载' }),
    ).toBeVisible();

  const reports = {
    fefo: pdf(`药检报告 ${fefo.batch_no}`),
    other: pdf(`药检报告 ${other.batch_no}`),
  };
  await uploadOnDesk(desk, desk.getByRole('form', { name: `批号${fefo.batch_no}药检报告` }), {
    name: 'report.pdf',
    buffer: reports.fefo,
  });
  await uploadOnDesk(desk, desk.getByRole('form', { name: `批号${other.batch_no}药检报告` }), {
    name: 'report2.pdf',
    buffer: reports.other,
  });
  await expect(desk.locator(`tr[data-lot="${fefo.id}"]`)).toContainText('下载');
  await desk.screenshot({ path: 'test-results/admin-documents-goods.png', fullPage: true });
  await desk.goto(`/admin/documents?q=${g.code}`);
  // Complete once every lot on sale has its report.
  const lotsOnSale = g.lots.filter((l: any) => l.stock > 0).length;
  await expect(desk.locator(`tr[data-goods="${g.id}"]`).getByTestId('doc-state')).toHaveText(
    lotsOnSale === 2 ? '齐全' : '待补齐',
  );
  await desk.screenshot({ path: 'test-results/admin-documents.png', fullPage: true });

  // The buyer sees the documents and the reports of the lots on sale on the detail page.
  await buyer.goto(`/list/info/${g.id}`);
  const section = buyer.getByTestId('goods-documents');
  await expect(section.getByRole('link', { name: '药品注册批件' })).toBeVisible();
  await expect(
    section.locator(`[data-lot="${fefo.id}"]`).getByRole('link', { name: '药检报告' }),
  ).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await buyer.screenshot({ path: 'test-results/goods-documents.png', fullPage: true });

  // The buyer orders one unit and pays by balance; the order takes the FEFO lot.
  expect(
    (
      await buyer.request.post('/api/dev/wallet', { form: { balance: '10000000' }, headers })
    ).status(),
  ).toBe(200);
  expect(
    (
      await buyer.request.post('/api/user/address', {
        form: {
          consignee: '王药师',
          phone: '13712345678',
          province: '湖北省',
          city: '武汉市',
          detail: '光谷大道 2 号',
        },
        headers,
      })
    ).status(),
  ).toBe(201);
  await buyer.request.post('/api/cart', {
    form: { 'params[0][goods_id]': String(g.id), 'params[0][number]': '1' },
    headers,
  });
  const line = (await (await buyer.request.get('/api/cart/list')).json()).data.data.find(
    (l: any) => l.goods.id === g.id,
  );
  const placed = await buyer.request.post('/api/order', {
    form: { key: `e2e-gsp-${Date.now()}`, ids: String(line.id) },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId: number = (await placed.json()).data.order_ids[0];
  expect(
    (
      await buyer.request.post('/api/pay/balance', { form: { order_id: String(orderId) }, headers })
    ).status(),
  ).toBe(200);

  // The warehouse ships it from the reserved lot (the desk's own form is fulfilment.spec's).
  const wh = await staffPage(browser, origin, 'warehouse');
  const order = (await (await wh.request.get(`/api/admin/orders/${orderId}`)).json()).data;
  expect(order.lines[0].reserved.map((r: any) => r.lot_id)).toEqual([fefo.id]);
  const form: Record<string, string> = { carrier: '顺丰速运', tracking_no: `SF${Date.now()}` };
  order.lines.forEach((l: any, i: number) => {
    form[`lines[${i}][id]`] = String(l.id);
    form[`lines[${i}][number]`] = String(l.left);
    if (!l.is_gift) form[`lines[${i}][lot_id]`] = String(l.reserved[0].lot_id);
    if (l.needs_codes)
      traceCodes(l.left).forEach((c, j) => {
        form[`lines[${i}][codes][${j}]`] = c;
      });
  });
  const shipped = await wh.request.post(`/api/admin/orders/${orderId}/ship`, { form, headers });
  expect(shipped.status(), await shipped.text()).toBe(201);

  // The order page lists the received lot's report; 一键下载 gives the zip named by order number.
  await buyer.goto(`/order/info/${orderId}`);
  const box = buyer.getByTestId('order-documents');
  await expect(
    box.locator(`[data-lot="${fefo.id}"]`).getByRole('link', { name: '药检报告' }),
  ).toBeVisible();
  await expect(box.locator(`[data-lot="${other.id}"]`)).toHaveCount(0);
  await box.scrollIntoViewIfNeeded();
  await buyer.screenshot({ path: 'test-results/order-documents.png', fullPage: true });
  const [download] = await Promise.all([
    buyer.waitForEvent('download'),
    box.getByTestId('order-documents-zip').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${order.no}.zip`);
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const base = `${g.name}(${g.ypgg.replaceAll('*', '×')})`;
  expect(Object.keys(zip).sort()).toEqual(
    [
      `${base}_供货单位资质.pdf`,
      `${base}_生产企业许可证.pdf`,
      `${base}_药品注册批件.pdf`,
      `${base}_批号${fefo.batch_no}_药检报告.pdf`,
    ].sort(),
  );
  expect(Buffer.from(zip[`${base}_批号${fefo.batch_no}_药检报告.pdf`]!).equals(reports.fefo)).toBe(
    true,
  );
  expect(Buffer.from(zip[`${base}_供货单位资质.pdf`]!).equals(docs['supplier_licence']!)).toBe(
    true,
  );
  expect(
    Buffer.from(zip[`${base}_生产企业许可证.pdf`]!).equals(docs['manufacturer_licence']!),
  ).toBe(true);
  expect(Buffer.from(zip[`${base}_药品注册批件.pdf`]!).equals(docs['registration']!)).toBe(true);

  // The header's 质检报告 leads an approved buyer to the documents page with this order.
  await buyer.goto('/list');
  await expect(buyer.getByTestId('quality-link')).toHaveAttribute('href', '/zjbg');
  await buyer.getByTestId('quality-link').click();
  await expect(buyer).toHaveURL('/zjbg');
  await expect(buyer.getByTestId('zjbg-orders')).toContainText(order.no);
  await buyer.screenshot({ path: 'test-results/zjbg.png', fullPage: true });
});

test('visitors see the price placeholder instead of documents, and the 质检报告 alert', async ({
  page,
}) => {
  const res = await page.request.get(`/api/goods/detail/${FROM}`);
  expect(res.ok()).toBe(true);
  await page.goto(`/list/info/${FROM}`);
  const section = page.getByTestId('goods-documents');
  await expect(section.getByTestId('documents-hidden')).toHaveText('登录后可查看资料');
  await expect(section.getByTestId('documents-hidden')).toHaveAttribute('href', '/login');
  await expect(page.getByTestId('quality-link')).toHaveAttribute('data-alert-message', /.+/);
});

test("the shop's own documents: uploaded on the desk, expiring ones on the dashboard, one zip for buyers", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const desk = await staffPage(browser, origin, 'merchandiser');
  await desk.goto('/admin/documents');
  await desk.getByRole('link', { name: '本公司资质文件 →' }).click();
  await expect(desk).toHaveURL('/admin/documents/shop');
  await hydrated(desk, 'DocumentUpload');
  const licence = pdf('本公司药品经营许可证');
  await uploadOnDesk(
    desk,
    desk.getByRole('form', { name: '上传本公司资质文件' }),
    { name: 'licence.pdf', buffer: licence },
    { kind: 'drug_licence', validUntil: inDays(20) },
  );
  await expect(desk.locator('[data-kind="drug_licence"]')).toContainText(inDays(20));
  await desk.screenshot({ path: 'test-results/admin-documents-shop.png', fullPage: true });

  await desk.goto('/admin');
  const panel = desk.getByTestId('expiring-documents');
  await expect(panel).toContainText(inDays(20));
  await expect(panel).toContainText('药品经营许可证');
  await desk.screenshot({ path: 'test-results/admin-dashboard-documents.png', fullPage: true });

  const buyer = await (await browser.newContext({ baseURL: origin })).newPage();
  await freshApprovedPharmacy(buyer.request, origin);
  await buyer.goto('/zjbg');
  const [download] = await Promise.all([
    buyer.waitForEvent('download'),
    buyer.getByTestId('shop-documents-zip').click(),
  ]);
  expect(download.suggestedFilename()).toBe('本公司资质文件.zip');
  const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Buffer.from(zip['本公司_药品经营许可证.pdf']!).equals(licence)).toBe(true);
});
