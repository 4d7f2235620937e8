import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test.ts';
import { traceCodes } from './support/backoffice.ts';
import { hydrated, staffPage } from './support/staff.ts';

// 电子发票: the chain's 武昌店 orders and pays, /dzfp says 待开票; the warehouse ships; finance
// uploads the 数电票 PDF on the staff order page; the store downloads that same file from /dzfp.

const PDF = `%PDF-1.7\n% e2e 数电票 ${Date.now()}\n%%EOF\n`;
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

test('finance uploads the invoice of a shipped order; the store downloads it from /dzfp', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const headers = { origin };
  const r = page.request;
  expect(
    (
      await r.post('/api/login', { form: { username: 'chain', password: 'yaopi2026' }, headers })
    ).status(),
  ).toBe(200);
  const stores = (await (await r.get('/api/user/stores')).json()).data;
  const wuchang = stores.find((s: any) => s.name.includes('武昌店'));
  await r.post('/api/user/stores/switch', { form: { company_id: String(wuchang.id) }, headers });

  let line: any;
  for (let id = 200; id < 600 && !line; id++) {
    const res = await r.post('/api/cart', {
      form: { 'params[0][goods_id]': String(id), 'params[0][number]': '1' },
      headers,
    });
    if (res.status() !== 200) continue;
    const found = (await (await r.get('/api/cart/list')).json()).data.data.find(
      (l: any) => l.goods.id === id,
    );
    if (found && !found.goods.is_ephedrine && !found.goods.must_multiple) line = found;
    else if (found)
      await r.post('/api/cart/batch_delete', { form: { ids: String(found.id) }, headers });
  }
  const placed = await r.post('/api/order', {
    form: { key: `e2e-inv-${Date.now()}`, 'ids[0]': String(line.id), invoice_type: 'normal' },
    headers,
  });
  expect(placed.status()).toBe(201);
  const orderId: number = (await placed.json()).data.order_ids[0];
  const pay = await r.post('/api/pay/balance', { form: { order_id: String(orderId) }, headers });
  expect(pay.status()).toBe(200);

  await page.goto('/dzfp');
  const row = page.locator(`[data-testid=invoice-row][data-order-id="${orderId}"]`);
  await expect(row.getByTestId('invoice-status')).toHaveText('待开票');
  await expect(row.getByTestId('invoice-download')).toHaveCount(0);
  // The store fills in its tax number (the 开票信息 finance issues to).
  const profile = page.getByTestId('invoice-profile');
  await expect(profile.locator('input[name=title]')).toHaveValue(/益康连锁药房/);
  await hydrated(page, 'InvoiceProfileForm');
  await profile.locator('input[name=tax_no]').fill('91420106MA4KWC0001');
  await profile.getByRole('button', { name: '保存开票信息' }).click();
  await expect(page.getByText('开票信息已保存')).toBeVisible();

  // The warehouse ships it (the desk's own form is fulfilment.spec's).
  const wh = await staffPage(browser, origin, 'warehouse');
  const order = (await (await wh.request.get(`/api/admin/orders/${orderId}`)).json()).data;
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

  // Finance finds it among the invoices to issue (the latest shipped is on the last page) and
  // uploads the PDF issued on the tax platform on the order page.
  const fin = await staffPage(browser, origin, 'finance');
  await fin.goto('/admin/invoices');
  const total = Number((await fin.getByTestId('invoices-total').textContent())!.replace(/\D/g, ''));
  const lastPage = `/admin/invoices?page=${Math.max(1, Math.ceil(total / 30))}`;
  await fin.goto(lastPage);
  const waiting = fin.locator(`[data-testid=invoices-table] tr[data-order="${orderId}"]`);
  await expect(waiting).toContainText('普通发票');
  await expect(waiting).toContainText('齐全');
  await fin.screenshot({ path: 'test-results/admin-invoices.png', fullPage: true });
  await waiting.getByRole('link', { name: '上传发票' }).click();
  await expect(fin).toHaveURL(new RegExp(`/admin/orders/${orderId}#invoice$`));
  const box = fin.getByTestId('invoice');
  await expect(box.getByTestId('invoice-status')).toHaveText('待开票');
  await hydrated(fin, 'InvoiceUpload');
  const upload = box.getByTestId('invoice-upload');
  await upload.locator('input[name=file]').setInputFiles({
    name: '数电票.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(PDF),
  });
  const number = `26420000${Date.now()}`.slice(0, 20);
  await upload.locator('input[name=number]').fill(number);
  await upload.locator('input[name=issued_on]').fill(today());
  await upload.locator('input[name=tax_amount]').fill('0.10');
  await fin.screenshot({ path: 'test-results/admin-invoice-form.png', fullPage: true });
  await upload.getByRole('button', { name: '上传发票' }).click();
  await expect(box.getByTestId('invoice-status')).toHaveText('已开票');
  await expect(box).toContainText(number);
  await fin.screenshot({ path: 'test-results/admin-invoice.png', fullPage: true });
  await fin.goto(lastPage);
  await expect(fin.getByTestId('invoices-table')).toBeVisible();
  await expect(waiting).toHaveCount(0);

  // The store downloads that file.
  await page.reload();
  await expect(row.getByTestId('invoice-status')).toHaveText('已开票');
  await expect(row).toContainText(number);
  await expect(row).toContainText('¥0.10');
  await page.screenshot({ path: 'test-results/dzfp.png', fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByTestId('invoice-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  expect(await readFile((await download.path())!, 'utf8')).toBe(PDF);
});

test('an invoice refunded whole after it was issued waits on 待红冲; finance voids it and the store sees nothing to invoice', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  const headers = { origin };
  const r = page.request;
  const ok = async (res: import('@playwright/test').APIResponse, status = 200) => {
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()).data;
  };
  await ok(
    await r.post('/api/login', { form: { username: 'chain', password: 'yaopi2026' }, headers }),
  );
  // The chain's current store (光谷店) with the tax number an invoice needs.
  await ok(
    await r.post('/api/user/invoice/profile', {
      form: { title: '益康连锁药房（光谷店）', tax_no: '91420111MA4KWC0002' },
      headers,
    }),
  );
  // One plain goods, enough of it to pass ¥800 at its lowest ladder price: no freight is left to
  // invoice once every unit is back.
  let goods: any;
  let number = 0;
  for (let id = 600; id < 2000 && !goods; id++) {
    const res = await r.get(`/api/goods/detail/${id}`);
    if (res.status() !== 200) continue;
    const g = (await res.json()).data;
    if (!g.is_buy || g.is_ephedrine || g.must_multiple || g.purchase_limit || g.gifts.length)
      continue;
    const fen = (y: string) => Math.round(Number(y) * 100);
    const lowest = Math.min(fen(g.price), ...g.ladder_price.map((l: any) => fen(l.price)));
    number = Math.ceil(80_000 / lowest) + 1;
    if (g.number >= number) goods = g;
  }
  await ok(
    await r.post('/api/cart', {
      form: { 'params[0][goods_id]': String(goods.id), 'params[0][number]': String(number) },
      headers,
    }),
  );
  const line = (await ok(await r.get('/api/cart/list'))).data.find(
    (l: any) => l.goods.id === goods.id && !l.goods_price_id,
  );
  const placed = await ok(
    await r.post('/api/order', {
      form: { key: `e2e-red-${Date.now()}`, 'ids[0]': String(line.id) },
      headers,
    }),
    201,
  );
  const orderId: number = placed.order_ids[0];
  await ok(await r.post('/api/pay/balance', { form: { order_id: String(orderId) }, headers }));
  await ok(await r.post('/api/dev/ship', { form: { order_id: String(orderId) }, headers }));
  const order = await ok(await r.get(`/api/order/${orderId}`));
  expect(order.shipping_amount).toBe('0.00');

  const fin = await staffPage(browser, origin, 'finance');
  const invoiceNo = `26421111${Date.now()}`.slice(0, 20);
  await ok(
    await fin.request.post(`/api/admin/orders/${orderId}/invoice`, {
      form: {
        file: `data:application/pdf;base64,${Buffer.from(PDF).toString('base64')}`,
        number: invoiceNo,
        issued_on: today(),
        amount: order.payable_amount,
        tax_amount: '1.00',
      },
      headers,
    }),
    201,
  );

  // Every unit comes back and is refunded.
  const asked = await ok(
    await r.post(`/api/order/${orderId}/return`, {
      form: {
        kind: 'return',
        reason: '整单退货',
        'lines[0][id]': String(order.lines[0].id),
        'lines[0][number]': String(number),
      },
      headers,
    }),
    201,
  );
  const returnId = asked.returns.at(-1).id;
  const reviewer = await staffPage(browser, origin, 'reviewer');
  const approved = await ok(
    await reviewer.request.post(`/api/admin/returns/${returnId}/review`, {
      form: { decision: 'approve' },
      headers,
    }),
  );
  const wh = await staffPage(browser, origin, 'warehouse');
  const received: Record<string, string> = {};
  approved.lines.forEach((l: any, i: number) => {
    received[`lines[${i}][id]`] = String(l.id);
    received[`lines[${i}][received]`] = String(l.approved_number);
  });
  await ok(
    await wh.request.post(`/api/admin/returns/${returnId}/receive`, { form: received, headers }),
  );
  await ok(await fin.request.post(`/api/admin/returns/${returnId}/refund`, { headers }));

  // Finance finds it on 待红冲 and voids it on the order page, after a question.
  await fin.goto('/admin/invoices?state=to_correct');
  await expect(fin.getByRole('link', { name: /^待红冲/ })).toHaveAttribute('aria-current', 'page');
  const row = fin.locator(`[data-testid=invoices-table] tr[data-order="${orderId}"]`);
  await expect(row).toContainText(invoiceNo);
  await expect(row).toContainText(`¥${order.payable_amount}`);
  await fin.screenshot({ path: 'test-results/admin-invoices-to-correct.png', fullPage: true });
  await row.getByRole('link', { name: '作废发票' }).click();
  await expect(fin).toHaveURL(new RegExp(`/admin/orders/${orderId}#invoice$`));
  const box = fin.getByTestId('invoice');
  await expect(box.getByTestId('invoice-correct')).toContainText('订单已全额退款');
  await hydrated(fin, 'ReasonAction');
  const form = box.getByTestId('invoice-void');
  await expect(form.getByLabel('作废原因')).toHaveValue('订单全额退款，已红冲');
  await fin.screenshot({ path: 'test-results/admin-invoice-void.png', fullPage: true });
  await form.getByRole('button', { name: '作废发票' }).click();
  await expect(fin.getByRole('dialog')).toContainText(invoiceNo);
  await fin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(box.getByTestId('invoice-status')).toHaveText('无需开票');
  await expect(box.getByTestId('invoice-void')).toHaveCount(0);
  await fin.goto('/admin/invoices?state=to_correct');
  await expect(row).toHaveCount(0);

  await page.goto('/dzfp');
  const mine = page.locator(`[data-testid=invoice-row][data-order-id="${orderId}"]`);
  await expect(mine.getByTestId('invoice-status')).toHaveText('无需开票');
  await expect(mine).toContainText('已全额退款');
});
