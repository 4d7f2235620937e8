import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { addBuyable, login, submissionKey } from '../support/shop.ts';
import { registerMember } from '../support/members.ts';

// Photos of return requests. Goods ids 670–694 are this file's.

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);

/** A paid order of the demo pharmacy with one line of 3. */
async function paidOrder(c: Client): Promise<{ orderId: number; lineId: number }> {
  const line = await addBuyable(c, 670, 3, undefined, 25);
  const placed = await c.post('/api/order', { key: submissionKey(), ids: [line.id] });
  expect(placed.status).toBe(201);
  const orderId = placed.body.data.order_ids[0];
  expect((await c.post('/api/pay/balance', { order_id: orderId })).status).toBe(200);
  const info = (await c.get(`/api/order/${orderId}`)).body.data;
  return { orderId, lineId: info.lines[0].id };
}

function returnForm(
  lineId: number,
  files: { bytes: Uint8Array; name: string; type: string }[],
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  form.set('kind', 'after_sales');
  form.set('reason', '外包装破损');
  form.set('lines[0][id]', String(lineId));
  form.set('lines[0][number]', '1');
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  for (const f of files)
    form.append('photos', new Blob([Buffer.from(f.bytes)], { type: f.type }), f.name);
  return form;
}

const post = (c: Client, orderId: number, body: FormData) =>
  c.request('POST', `/api/order/${orderId}/return`, { body });

describe('return photos', () => {
  it('stores uploaded JPG and PNG photos and serves them to the ordering company and operators only', async () => {
    const c = await login('demo');
    const { orderId, lineId } = await paidOrder(c);
    const res = await post(
      c,
      orderId,
      returnForm(lineId, [
        { bytes: PNG, name: 'a.png', type: 'image/png' },
        { bytes: JPG, name: 'b.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(res.status).toBe(201);
    const photos = res.body.data.returns[0].photos;
    expect(photos).toHaveLength(2);
    expect(photos[0].id).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(photos[1].id).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(photos[0].url).toBe(`/api/order/${orderId}/return/photo/${photos[0].id}`);

    const file = await fetch(new URL(photos[0].url, c.base), {
      headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    expect((await c.get(photos[1].url)).headers.get('content-type')).toBe('image/jpeg');

    // Another member's photo id answers 404, as does a made-up id, an id under another order, or a visitor.
    const other = await login('chain');
    expect((await other.get(photos[0].url)).status).toBe(404);
    expect((await c.get(`/api/order/${orderId}/return/photo/${'0'.repeat(32)}.png`)).status).toBe(
      404,
    );
    expect((await c.get(`/api/order/${orderId}/return/photo/..%2F..%2Fpackage.json`)).status).toBe(
      404,
    );
    expect((await new Client().get(photos[0].url)).status).toBe(401);
    // Operators review requests, so they see the photos.
    const operator = await registerMember();
    expect((await operator.client.get(photos[0].url)).status).toBe(404);
    expect((await operator.client.post('/api/dev/operator')).status).toBe(200);
    expect((await operator.client.get(photos[0].url)).status).toBe(200);
    // The return detail page shows the thumbnails.
    const page = await c.get(`/order/afterSalesInfo/${orderId}`);
    expect(page.body).toContain(`src="${photos[0].url}"`);
  });

  it('refuses photos that are not JPG/PNG by content, too large, too many, or URL strings', async () => {
    const c = await login('demo');
    const { orderId, lineId } = await paidOrder(c);
    const gif = await post(
      c,
      orderId,
      returnForm(lineId, [
        { bytes: new TextEncoder().encode('GIF89a....'), name: 'x.png', type: 'image/png' },
      ]),
    );
    expect(gif.status).toBe(422);
    expect(gif.body.errors['photos.0']).toEqual(['照片仅支持 JPG、PNG 格式']);
    const pdf = await post(
      c,
      orderId,
      returnForm(lineId, [
        { bytes: PNG, name: 'a.png', type: 'image/png' },
        { bytes: new TextEncoder().encode('%PDF-1.4\n'), name: 'b.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors['photos.1']).toBeTruthy();

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await post(
      c,
      orderId,
      returnForm(lineId, [{ bytes: big, name: 'big.png', type: 'image/png' }]),
    );
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors['photos.0']).toEqual(['每张照片不能超过5MB']);

    const seven = Array.from({ length: 7 }, (_, i) => ({
      bytes: PNG,
      name: `${i}.png`,
      type: 'image/png',
    }));
    const tooMany = await post(c, orderId, returnForm(lineId, seven));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('最多上传6张照片');

    const url = await post(
      c,
      orderId,
      returnForm(lineId, [], { 'photos[]': 'https://example.com/a.png' }),
    );
    expect(url.status).toBe(422);
    const formUrl = await c.post(`/api/order/${orderId}/return`, {
      reason: '外包装破损',
      lines: [{ id: lineId, number: 1 }],
      photos: ['https://example.com/a.png'],
    });
    expect(formUrl.status).toBe(422);
    expect(formUrl.body.errors.photos).toEqual(['照片请以文件方式上传']);

    // None of the refused requests was recorded; a request without photos still works form-encoded.
    const plain = await c.post(`/api/order/${orderId}/return`, {
      reason: '外包装破损',
      lines: [{ id: lineId, number: 1 }],
    });
    expect(plain.status).toBe(201);
    expect(plain.body.data.returns).toHaveLength(1);
    expect(plain.body.data.returns[0].photos).toEqual([]);
  });

  it('a refused line stores no request and no photo', async () => {
    const c = await login('demo');
    const { orderId, lineId } = await paidOrder(c);
    const form = returnForm(lineId, [{ bytes: PNG, name: 'a.png', type: 'image/png' }]);
    form.set('lines[0][number]', '4');
    const res = await post(c, orderId, form);
    expect(res.status).toBe(422);
    expect((await c.get(`/api/order/${orderId}`)).body.data.returns).toEqual([]);
  });
});
