import { expect, test, type Page } from './support/test.ts';
import { hydrated } from './support/staff.ts';
import QRCode from 'qrcode';
import { addGoods } from './support/cart.ts';
import { freshApprovedPharmacy } from './support/freshMember.ts';

// The pay page offers the online providers that are on (this server: the sandbox and Alipay,
// not WeChat Pay), by their Chinese names; the one chosen is the one paid with: Alipay sends the
// buyer to its gateway with the signed page-pay request, the sandbox to its cashier, which pays.

/** A new pharmacy with an address and an unpaid order; answers the order id. */
async function unpaidOrder(page: Page, base: string, from: number): Promise<number> {
  const r = page.request;
  const headers = { origin: base };
  const address = await r.post('/api/user/address', {
    form: {
      consignee: '王药师',
      phone: '13800138000',
      province: '湖北省',
      city: '武汉市',
      district: '洪山区',
      detail: '珞喻路 2 号',
      is_default: '1',
    },
    headers,
  });
  expect(address.status()).toBe(201);
  const line = await addGoods(
    r,
    base,
    from,
    (g) => !g.is_ephedrine && !g.must_multiple && g.purchase_limit === 0,
  );
  const placed = await r.post('/api/order', {
    form: {
      key: `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`,
      'ids[0]': String(line.id),
    },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).data.order_ids[0];
}

test('the pay page offers the providers that are on; Alipay goes to its gateway, the sandbox pays', async ({
  page,
  baseURL,
}) => {
  const base = baseURL!;
  await freshApprovedPharmacy(page.request, base);

  const first = await unpaidOrder(page, base, 340);
  await page.goto(`/cart/step3/${first}`);
  await hydrated(page, 'PayPanel');
  const providers = page.getByTestId('pay-providers');
  await expect(providers.getByRole('radio')).toHaveCount(2);
  await expect(providers).toContainText('沙箱支付');
  await expect(providers).toContainText('支付宝');
  await expect(providers).not.toContainText('微信支付');
  await expect(page.getByRole('radio', { name: /沙箱支付/ })).toBeChecked();
  await page.screenshot({ path: 'test-results/pay-providers.png', fullPage: true });

  // Alipay: the browser is sent to the gateway with the signed request (intercepted here).
  let gateway: URL | null = null;
  await page.route(`${base}/e2e-alipay/**`, (route) => {
    gateway = new URL(route.request().url());
    return route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><meta charset="utf-8"><title>支付宝收银台</title><p>支付宝收银台</p>',
    });
  });
  await page.getByRole('radio', { name: /支付宝/ }).check();
  await page.getByRole('button', { name: /立即支付/ }).click();
  await expect(page).toHaveTitle('支付宝收银台');
  const params = gateway!.searchParams;
  expect(params.get('method')).toBe('alipay.trade.page.pay');
  expect(params.get('sign_type')).toBe('RSA2');
  expect(params.get('sign')).toBeTruthy();
  expect(JSON.parse(params.get('biz_content') ?? '{}')).toMatchObject({
    product_code: 'FAST_INSTANT_TRADE_PAY',
  });
  expect(params.get('notify_url')).toBe(`${base}/api/pay/notify/alipay`);

  // The sandbox: its cashier, then the order is paid.
  const second = await unpaidOrder(page, base, 360);
  await page.goto(`/cart/step3/${second}`);
  await hydrated(page, 'PayPanel');
  await page.getByRole('radio', { name: /沙箱支付/ }).check();
  await page.getByRole('button', { name: /立即支付/ }).click();
  await expect(page).toHaveURL(/\/cart\/hm\?payment=\d+/);
  await expect(page.getByText('沙箱支付收银台')).toBeVisible();
  await hydrated(page, 'SandboxPay');
  await page.getByRole('button', { name: '确认支付（沙箱）' }).click();
  await expect(page).toHaveURL(new RegExp(`/cart/step4\\?order=${second}`));
  expect((await (await page.request.get(`/api/order/${second}`)).json()).data.status).toBe('paid');
  const firstOrder = await (await page.request.get(`/api/order/${first}`)).json();
  expect(firstOrder.data.status).toBe('unpaid');
});

test('a provider that answers with a code to scan (WeChat Pay Native): the code is shown, the page moves on once paid', async ({
  page,
  baseURL,
}) => {
  const base = baseURL!;
  await freshApprovedPharmacy(page.request, base);
  const id = await unpaidOrder(page, base, 380);
  // WeChat Pay is not on here: the sandbox's start is answered as WeChat's would be, with a code.
  let paymentId = 0;
  await page.route('**/api/pay/online', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    paymentId = body.data.payment_id;
    const svg = await QRCode.toString(`weixin://wxpay/bizpayurl?pr=${paymentId}`, { type: 'svg' });
    const { pay_url: _, ...data } = body.data;
    await route.fulfill({
      response: res,
      json: { data: { ...data, qr_code: 'weixin://', qr_svg: svg } },
    });
  });
  await page.goto(`/cart/step3/${id}`);
  await hydrated(page, 'PayPanel');
  await page.getByRole('button', { name: /立即支付/ }).click();
  const panel = page.getByTestId('wechat-pay');
  await expect(panel).toContainText('请使用微信扫一扫付款');
  await expect(panel.getByRole('img', { name: '微信支付二维码' }).locator('svg')).toBeVisible();
  await page.screenshot({ path: 'test-results/pay-wechat-qr.png', fullPage: true });
  const confirm = await page.request.post('/api/pay/sandbox/confirm', {
    form: { payment_id: String(paymentId) },
    headers: { origin: base },
  });
  expect(confirm.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/cart/step4\\?order=${id}`), { timeout: 10_000 });
});
