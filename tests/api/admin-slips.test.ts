// 含麻 receipt slips reviewed by staff: the next 含麻 order waits for a CONFIRMED slip; a rejected
// one shows its reason to the buyer, who uploads again. The demo pharmacy's 含麻 orders are this
// file's (no other file orders 含麻 goods as demo).
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { findGoods, placeOrder } from '../support/orders.ts';
import { login, submissionKey } from '../support/shop.ts';
import { staffLogin } from '../support/staff.ts';

const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64')}`;

describe('含麻 receipt slips', () => {
  it('upload → staff reject with a reason → the buyer sees it and uploads again → staff confirm → the next 含麻 order is allowed', async () => {
    const demo = await login('demo');
    const wh = await staffLogin('warehouse');
    const admin = await staffLogin('admin');
    const eph = await findGoods(
      demo,
      200,
      560,
      (g) => g.is_ephedrine && g.is_buy && !g.must_multiple && g.number >= 10,
    );
    const first = await placeOrder(demo, eph.id, 1);
    const slipOf = async (id: number) =>
      (await demo.get(`/api/order/${id}`)).body.data.receipt_slip;
    expect(await slipOf(first)).toMatchObject({
      status: 'awaiting',
      status_text: '待上传',
      uploaded: false,
    });

    const nextOrder = async () => {
      await demo.post('/api/cart', { params: [{ goods_id: eph.id, number: 1 }] });
      const line = (await demo.get('/api/cart/list')).body.data.data.find(
        (l: any) => l.goods.id === eph.id,
      );
      return demo.post('/api/order', { key: submissionKey(), ids: [line.id] });
    };
    const refusedWith = async (message: RegExp) => {
      const r = await nextOrder();
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body.message).toMatch(message);
    };
    await refusedWith(/回执单尚未上传/);

    const slipId = (await slipOf(first)).id;
    // Nothing to review before an upload.
    const early = await wh.post(`/api/admin/slips/${slipId}/review`, { state: 'confirmed' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('买家尚未上传回执单');
    expect((await wh.get(`/api/admin/slips/${slipId}/file`)).status).toBe(404);

    expect((await demo.post(`/api/order/${first}/slip`, { file: PNG })).status).toBe(200);
    expect(await slipOf(first)).toMatchObject({
      status: 'uploaded',
      status_text: '待审核',
      uploaded: true,
    });
    await refusedWith(/回执单正在审核/);

    const queue = await wh.get('/api/admin/slips', { status: 'uploaded' });
    expect(queue.status).toBe(200);
    const row = queue.body.data.find((s: any) => s.id === slipId);
    expect(row).toMatchObject({ order_id: first, status: 'uploaded', file_type: 'image' });
    const file = await wh.request('GET', row.file_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect((await demo.get(row.file_url)).status).toBe(401);

    const noReason = await wh.post(`/api/admin/slips/${slipId}/review`, { state: 'rejected' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason[0]).toMatch(/退回时请填写原因/);
    expect((await wh.post(`/api/admin/slips/${slipId}/review`, { state: 'lost' })).status).toBe(
      422,
    );
    const rejected = await wh.post(`/api/admin/slips/${slipId}/review`, {
      state: 'rejected',
      reason: '缺少收货单位公章',
    });
    expect(rejected.status).toBe(200);
    const twice = await admin.post(`/api/admin/slips/${slipId}/review`, { state: 'confirmed' });
    expect(twice.status).toBe(409);
    expect(await slipOf(first)).toMatchObject({
      status: 'rejected',
      reject_reason: '缺少收货单位公章',
    });
    await refusedWith(/回执单被退回/);
    const hmdd = await demo.get('/hmdd');
    expect(hmdd.status).toBe(200);
    expect(hmdd.body).toContain('退回原因：缺少收货单位公章');
    const msgs = (await demo.get('/api/user/messages')).body.data;
    expect(
      msgs.some(
        (m: any) => m.title === '含麻回执单被退回' && m.content.includes('缺少收货单位公章'),
      ),
    ).toBe(true);

    expect((await demo.post(`/api/order/${first}/slip`, { file: PNG })).status).toBe(200);
    expect((await slipOf(first)).status).toBe('uploaded');
    const confirmed = await admin.post(`/api/admin/slips/${slipId}/review`, { state: 'confirmed' });
    expect(confirmed.status).toBe(200);
    expect(await slipOf(first)).toMatchObject({ status: 'confirmed', reject_reason: '' });
    const again = await demo.post(`/api/order/${first}/slip`, { file: PNG });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('回执单已确认，无需重新上传');

    const audit = (
      await admin.get('/api/admin/audit', { entity: 'receipt_slip', entity_id: String(slipId) })
    ).body.data.rows;
    expect(audit.map((r: any) => [r.staff, r.after.status])).toEqual([
      ['admin', 'confirmed'],
      ['warehouse', 'rejected'],
    ]);

    const next = await nextOrder();
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    for (const id of [first, ...next.body.data.order_ids])
      expect((await demo.post(`/api/order/${id}/cancel`)).status).toBe(200);
  });

  it('unknown slips are 404; the file and the review are for staff only', async () => {
    const wh = await staffLogin('warehouse');
    expect((await wh.post('/api/admin/slips/999999/review', { state: 'confirmed' })).status).toBe(
      404,
    );
    expect((await wh.get('/api/admin/slips/999999/file')).status).toBe(404);
    expect((await wh.get('/api/admin/slips', { status: 'nope' })).status).toBe(422);
    expect((await new Client().get('/api/admin/slips/1/file')).status).toBe(401);
    const page = await wh.get('/admin/slips');
    expect(page.status).toBe(200);
    expect(page.body).toContain('含麻回执单');
    expect((await (await staffLogin('finance')).get('/admin/slips')).status).toBe(403);
  });
});
