// A paid order that has not shipped can be taken back by its buyer: the request waits for staff,
// who cancel it (stock back, money back the way it was paid) or decline it with a reason; it
// cannot ship while the request waits.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/http.ts';
import {
  auditActions,
  freshBuyer,
  messageTitles,
  pay,
  placeOrder,
  ship,
  wallet,
} from '../support/backoffice.ts';
import { freshCodes, shipAll } from '../support/orders.ts';
import { staffLogin } from '../support/staff.ts';

let buyer: Client;
let warehouse: Client;
let finance: Client;
let admin: Client;
beforeAll(async () => {
  buyer = await freshBuyer({ balance: 5_000_000, creditLimit: 5_000_000 });
  [warehouse, finance, admin] = await Promise.all([
    staffLogin('warehouse'),
    staffLogin('finance'),
    staffLogin('admin'),
  ]);
});

const orderOf = async (id: number) => (await buyer.get(`/api/order/${id}`)).body.data;
const deskOrder = async (id: number) => (await warehouse.get(`/api/admin/orders/${id}`)).body.data;

describe('a buyer cancelling a paid, unshipped order', () => {
  it('asks; staff confirm; the stock and the balance come back', async () => {
    const before = await wallet(buyer);
    const order = await pay(buyer, await placeOrder(buyer, 300, 2), 'balance');
    const goodsId = order.lines[0].goods_id;
    const stock = async () => (await buyer.get(`/api/goods/detail/${goodsId}`)).body.data.number;
    const reserved = await stock();
    expect((await orderOf(order.id)).can_request_cancel).toBe(true);
    const asked = await buyer.post(`/api/order/${order.id}/cancel_request`, { reason: '重复下单' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data).toMatchObject({
      status: 'paid',
      status_text: '取消申请中',
      cancel_request: { reason: '重复下单' },
    });
    const again = await buyer.post(`/api/order/${order.id}/cancel_request`, { reason: '重复下单' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('已提交取消申请，请等待商家处理');

    // The desk sees the request and cannot ship meanwhile.
    const desk = await deskOrder(order.id);
    expect(desk).toMatchObject({ can_ship: false, cancel_request: { reason: '重复下单' } });
    const shipped = await warehouse.post(`/api/admin/orders/${order.id}/ship`, {
      ...shipAll(desk, (l) => freshCodes(l.left)),
      shipment_count: 0,
    });
    expect(shipped.status).toBe(409);
    expect(shipped.body.message).toBe('买家已申请取消该订单，请先处理取消申请');

    const confirmed = await warehouse.post(`/api/admin/orders/${order.id}/cancel`, {
      reason: '买家申请取消：重复下单',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const after = await orderOf(order.id);
    expect(after).toMatchObject({ status: 'cancelled', cancel_request: null });
    expect(after.refunds[0]).toMatchObject({ amount: order.payable_amount });
    expect((await wallet(buyer)).balance).toBe(before.balance);
    await expect.poll(stock).toBe(reserved + 2);
    expect(await messageTitles(buyer)).toContain('订单已取消');
  });

  it('on credit terms: the credit used comes back', async () => {
    const before = await wallet(buyer);
    const order = await pay(buyer, await placeOrder(buyer, 330, 1), 'credit');
    expect((await wallet(buyer)).creditUsed).toBeGreaterThan(before.creditUsed);
    await buyer.post(`/api/order/${order.id}/cancel_request`, { reason: '拍错商品或数量' });
    const ok = await finance.post(`/api/admin/orders/${order.id}/cancel`, {
      reason: '买家申请取消：拍错商品或数量',
    });
    expect(ok.status).toBe(200);
    expect((await wallet(buyer)).creditUsed).toBe(before.creditUsed);
  });

  it('staff may decline with a reason: the buyer is told and the order ships', async () => {
    const order = await pay(buyer, await placeOrder(buyer, 360, 1), 'balance');
    await buyer.post(`/api/order/${order.id}/cancel_request`, { reason: '不想要了' });
    const bad = await warehouse.post(`/api/admin/orders/${order.id}/cancel_request/decline`, {
      reason: '',
    });
    expect(bad.status).toBe(422);
    const declined = await warehouse.post(`/api/admin/orders/${order.id}/cancel_request/decline`, {
      reason: '已拣货出库，无法取消',
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.data).toMatchObject({ can_ship: true, cancel_request: null });
    expect(await orderOf(order.id)).toMatchObject({ status: 'paid', status_text: '待发货' });
    expect(await messageTitles(buyer)).toContain('取消申请未通过');
    expect(await auditActions(admin, 'order', order.id)).toContain('order.cancel_request.decline');
    expect(
      (
        await warehouse.post(`/api/admin/orders/${order.id}/cancel_request/decline`, {
          reason: '再次拒绝',
        })
      ).status,
    ).toBe(409);
    // Once shipped, it is a return, not a cancellation.
    await ship(buyer, order.id);
    const late = await buyer.post(`/api/order/${order.id}/cancel_request`, { reason: '不想要了' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('订单已发货，不能取消，收货后可申请退货');
  });

  it('is not for unpaid orders (cancelled directly) nor for another store', async () => {
    const order = await placeOrder(buyer, 390, 1);
    const r = await buyer.post(`/api/order/${order.id}/cancel_request`, { reason: '不想要了' });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('待付款订单可直接取消');
    const other = await freshBuyer();
    expect(
      (await other.post(`/api/order/${order.id}/cancel_request`, { reason: '不想要了' })).status,
    ).toBe(404);
    expect((await buyer.post(`/api/order/${order.id}/cancel_request`, {})).status).toBe(422);
    await buyer.post(`/api/order/${order.id}/cancel`);
  });
});
