// Goods into the cart the way the catalogue's buttons put them there (POST /api/cart).
import type { APIRequestContext, Page } from '@playwright/test';

/** The first goods from `from` up that goes into the cart and satisfies `pred`; answers its line. */
export async function addGoods(
  r: APIRequestContext,
  baseURL: string,
  from: number,
  pred: (g: any) => boolean,
  number = 1,
): Promise<any> {
  for (let id = from; id < from + 400; id++) {
    const res = await r.post('/api/cart', {
      form: { 'params[0][goods_id]': String(id), 'params[0][number]': String(number) },
      headers: { origin: baseURL },
    });
    if (res.status() !== 200) continue;
    const line = (await (await r.get('/api/cart/list')).json()).data.data.find(
      (l: any) => l.goods.id === id,
    );
    if (line && pred(line.goods)) return line;
    if (line)
      await r.post('/api/cart/batch_delete', {
        form: { ids: String(line.id) },
        headers: { origin: baseURL },
      });
  }
  throw new Error('no goods found');
}

/** Answers the page's add-to-cart calls itself and keeps their decoded form bodies, in order. */
export async function captureCart(page: Page): Promise<string[]> {
  const calls: string[] = [];
  await page.route('**/api/cart', async (route) => {
    calls.push(decodeURIComponent(route.request().postData() ?? ''));
    await route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: '{"data":{"count":1}}',
    });
  });
  return calls;
}
