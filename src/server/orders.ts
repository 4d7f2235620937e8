// Orders: placing (one transaction: re-price, eligibility, limits, per-lot stock reservation,
// discounts, clearing the cart lines; idempotent per client key), paying, cancelling, the
// unpaid-order timeout, the order centre, returns and ephedrine receipt slips.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb, type Tx } from './db/client.ts';
import {
  cartLines, goods, goodsLots, orderLines, orders, orderSubmissions, payments, receiptSlips, returnLines,
  returnRequests, stockReservations, type AddressSnapshot, type OrderStatus, type PayMethod,
} from './db/schema/index.ts';
import { apiTotals, checkoutLines, fullReductionActivities, loadCompany, totalsFor } from './cart.ts';
import { listAddresses } from './members/addresses.ts';
import { addToCreditBill, creditStatus, move, takeCoupon, usableCoupons } from './wallet.ts';
import { providerByName, sandboxProvider, type Notification } from './payments.ts';
import { variantLots } from './promo.ts';
import { badRequest, conflict, HttpError, notFound, unprocessable } from './http/errors.ts';
import { fenToYuan, yuanToFen } from '../lib/money.ts';
import { UNPAID_ORDER_TIMEOUT_MIN } from '../lib/constants.ts';
import type { ApiCartLine } from '../lib/cartLine.ts';
import { returnPhotoUrl, saveReturnPhotos, type CheckedPhoto } from './returnPhotos.ts';
import { forgetGoods } from './goodsSnapshots.ts';

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  unpaid: '待付款', paid: '待发货', shipped: '待收货', completed: '已完成', cancelled: '已取消',
};

export type PlaceOrderInput = {
  key: string;
  ids: number[] | null;
  addressId: number | null;
  invoiceType: 'normal' | 'special';
  couponId: number | null;
  cashVoucherId: number | null;
  remarks: string;
  /** the payable the buyer saw (fen); a different recomputed total is a stale price */
  expectedFen: number | null;
};

const orderNo = () => `YP${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(3).toString('hex').toUpperCase()}`;

/** Confirm step: the lines, recomputed totals, addresses and usable coupons (nothing reserved). */
export async function prepareCheckout(companyId: number, ids: number[] | null, couponId: number | null = null, cashVoucherId: number | null = null) {
  const db = await getDb();
  const company = await loadCompany(db, companyId);
  const lines = await checkoutLines(db, company, ids);
  const buyable = lines.filter((l) => l.is_selected === 1 || (ids !== null && !l.reason));
  if (buyable.length === 0) throw unprocessable('ids', '请选择要结算的商品');
  const all = await usableCoupons(companyId, null, db);
  const coupon = all.find((c) => c.id === couponId && c.kind === 'coupon') ?? null;
  const voucher = all.find((c) => c.id === cashVoucherId && c.kind === 'cash') ?? null;
  const groups = splitEphedrine(buyable.map((l) => ({ ...l, is_selected: 1 as const })));
  const fullReductions = await fullReductionActivities(db, buyable);
  const t = totalsFor(groups.normal.length ? groups.normal : groups.ephedrine, {
    fullReductions,
    coupon: coupon ? { id: coupon.id, thresholdFen: coupon.threshold, reduceFen: coupon.amount } : null,
    cashVoucher: voucher ? { id: voucher.id, amountFen: voucher.amount } : null,
  });
  const tEph = groups.normal.length && groups.ephedrine.length ? totalsFor(groups.ephedrine, { fullReductions }) : null;
  return {
    lines: buyable,
    unavailable: lines.filter((l) => l.reason).map((l) => ({ id: l.id, reason: l.reason })),
    totals: apiTotals(t),
    ephedrine_totals: tEph ? apiTotals(tEph) : null,
    split: groups.normal.length > 0 && groups.ephedrine.length > 0,
    addresses: await listAddresses(companyId, db),
    coupons: all.filter((c) => c.kind === 'coupon').map((c) => ({ id: c.id, name: c.name, threshold: fenToYuan(c.threshold), amount: fenToYuan(c.amount), usable: t.goodsAmountFen >= c.threshold })),
    cash_vouchers: all.filter((c) => c.kind === 'cash').map((c) => ({ id: c.id, name: c.name, amount: fenToYuan(c.amount) })),
  };
}

/** order_lines.type of a gift (满赠) line: price 0, no stock reserved. */
export const GIFT_LINE_TYPE = 2;

/**
 * A combination (type 3) line becomes one order line per item (units = packs × units per pack),
 * each reserving its own stock; the pack amount and the discount share are split over the items
 * by their list value (floored, the remainder on the last item).
 */
async function placeCombination(tx: Tx, touched: Set<number>, orderId: number, l: ApiCartLine, packs: number, amountFen: number, discountFen: number): Promise<void> {
  const items = l.combination!.items;
  const listOf = (i: (typeof items)[number]) => (yuanToFen(i.goods.base_price) ?? 0) * i.number;
  const listTotal = items.reduce((s, i) => s + listOf(i), 0);
  let amountGiven = 0;
  let discountGiven = 0;
  for (const [k, item] of items.entries()) {
    const last = k === items.length - 1;
    const amount = last ? amountFen - amountGiven : listTotal > 0 ? Math.floor((amountFen * listOf(item)) / listTotal) : 0;
    const discount = last ? discountFen - discountGiven : listTotal > 0 ? Math.floor((discountFen * listOf(item)) / listTotal) : 0;
    amountGiven += amount;
    discountGiven += discount;
    const units = packs * item.number;
    const g = item.goods;
    const [ol] = await tx.insert(orderLines).values({
      orderId, goodsId: g.id, name: `【${l.combination!.name}】${g.name}`, spec: g.ypgg, sccj: g.sccj, bzdw: g.bzdw,
      number: units, basePrice: yuanToFen(g.base_price) ?? 0, unitPrice: Math.floor(amount / units), amount, discount,
      type: 3, goodsPriceId: l.combination!.id,
    }).returning({ id: orderLines.id });
    await reserve(tx, touched, orderId, ol!.id, g.id, units, g.name);
  }
}

function splitEphedrine(lines: ApiCartLine[]) {
  return { normal: lines.filter((l) => !l.goods.is_ephedrine), ephedrine: lines.filter((l) => l.goods.is_ephedrine) };
}

/**
 * Takes qty units from the goods' lots, earliest expiry first (a near-expiry variant's own lot
 * before all others); conditional so never negative.
 */
async function reserve(tx: Tx, touched: Set<number>, orderId: number, orderLineId: number, goodsId: number, qty: number, name: string, lotFirst: number | null = null): Promise<void> {
  const lots = await tx.select().from(goodsLots).where(and(eq(goodsLots.goodsId, goodsId), gt(goodsLots.stock, 0)))
    .orderBy(sql`${goodsLots.id} = ${lotFirst ?? 0} DESC`, asc(goodsLots.expiresOn), asc(goodsLots.id)).for('update');
  let left = qty;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, lot.stock);
    const done = await tx.update(goodsLots).set({ stock: sql`${goodsLots.stock} - ${take}` })
      .where(and(eq(goodsLots.id, lot.id), sql`${goodsLots.stock} >= ${take}`)).returning({ id: goodsLots.id });
    if (done.length === 0) continue;
    await tx.insert(stockReservations).values({ orderId, orderLineId, lotId: lot.id, batchNo: lot.batchNo, expiresOn: lot.expiresOn, number: take });
    left -= take;
  }
  touched.add(goodsId);
  const g = await tx.update(goods).set({ stock: sql`${goods.stock} - ${qty}`, sales: sql`${goods.sales} + ${qty}` })
    .where(and(eq(goods.id, goodsId), sql`${goods.stock} >= ${qty}`)).returning({ id: goods.id });
  if (left > 0 || g.length === 0) throw conflict(`${name}库存不足，请修改数量后重新提交`);
}

/** A transaction that changes stock; goods cards read the goods it touched fresh once it has ended. */
async function stockTransaction<T>(fn: (tx: Tx, touched: Set<number>) => Promise<T>): Promise<T> {
  const touched = new Set<number>();
  try {
    return await (await getDb()).transaction((tx) => fn(tx, touched));
  } finally {
    forgetGoods(touched);
  }
}

class Replay extends Error {}

/**
 * Places the order(s) for the chosen cart lines. Returns the order ids; the same key returns
 * the same ids however often and however concurrently it is submitted.
 */
export async function placeOrder(companyId: number, accountId: number, input: PlaceOrderInput): Promise<{ order_ids: number[]; replayed: boolean }> {
  await sweepExpired();
  const existing = await findSubmission(companyId, input.key);
  if (existing) return { order_ids: existing, replayed: true };
  try {
    const ids = await stockTransaction(async (tx, touched) => {
      // Claim the key first: a concurrent twin waits here on the unique index, then backs off.
      const claimed = await tx.insert(orderSubmissions).values({ companyId, key: input.key, orderIds: [] })
        .onConflictDoNothing().returning({ id: orderSubmissions.id });
      if (claimed.length === 0) throw new Replay();
      const company = await loadCompany(tx, companyId, true);
      if (!company.isPassed) throw unprocessable('ids', '资质审核中，审核通过后可购买');
      const lines = await checkoutLines(tx, company, input.ids, true);
      const chosen = input.ids ? lines : lines.filter((l) => l.is_selected === 1);
      if (chosen.length === 0) throw unprocessable('ids', '请选择要结算的商品');
      for (const l of chosen) {
        // Out of stock (perhaps sold a moment ago) is a conflict; not being allowed to buy is a 422.
        if (l.number > l.goods.number) throw conflict(`${l.goods.name}库存不足，请修改数量后重新提交`);
        if (!l.goods.is_buy) throw unprocessable('ids', `${l.goods.name}：${l.reason ?? '暂不可购买'}`);
        if (l.goods.purchase_limit > 0 && l.number > l.goods.purchase_limit) throw unprocessable('ids', `${l.goods.name}超出限购数量`);
      }
      const addressList = await listAddresses(companyId, tx);
      const addr = input.addressId ? addressList.find((a) => a.id === input.addressId) : addressList[0];
      if (!addr) throw unprocessable('address_id', '请选择收货地址');
      const snapshot: AddressSnapshot = { name: addr.consignee, phone: addr.phone, region: [addr.province, addr.city, addr.district].filter(Boolean).join(' '), address: addr.detail };
      const groups = splitEphedrine(chosen.map((l) => ({ ...l, is_selected: 1 as const })));
      if (groups.ephedrine.length) await assertEphedrineAllowed(tx, companyId);

      const fullReductions = await fullReductionActivities(tx, chosen);
      const lots = await variantLots(tx, chosen.flatMap((l) => (l.type !== 3 && l.goods_price_id ? [l.goods_price_id] : [])));
      const made: number[] = [];
      let expectedTotal = 0;
      for (const [isEph, group] of [[false, groups.normal], [true, groups.ephedrine]] as const) {
        if (group.length === 0) continue;
        const first = made.length === 0;
        const couponRow = first && input.couponId ? (await usableCoupons(companyId, 'coupon', tx)).find((c) => c.id === input.couponId) : null;
        if (first && input.couponId && !couponRow) throw unprocessable('coupon_id', '优惠券不可用');
        const voucherRow = first && input.cashVoucherId ? (await usableCoupons(companyId, 'cash', tx)).find((c) => c.id === input.cashVoucherId) : null;
        if (first && input.cashVoucherId && !voucherRow) throw unprocessable('cash_voucher_id', '现金券不可用');
        const t = totalsFor(group, {
          fullReductions,
          coupon: couponRow ? { id: couponRow.id, thresholdFen: couponRow.threshold, reduceFen: couponRow.amount } : null,
          cashVoucher: voucherRow ? { id: voucherRow.id, amountFen: voucherRow.amount } : null,
        });
        if (couponRow && !t.coupon?.applicable) throw unprocessable('coupon_id', `未满${fenToYuan(couponRow.threshold)}元，不能使用该优惠券`);
        expectedTotal += t.payableFen;
        const [o] = await tx.insert(orders).values({
          no: orderNo(), companyId, accountId, isEphedrine: isEph,
          goodsAmount: t.goodsAmountFen, fullReductionAmount: t.discounts.fullReductionFen, couponAmount: t.discounts.couponFen,
          cashVoucherAmount: t.discounts.cashVoucherFen, shippingAmount: t.shippingFen, payableAmount: t.payableFen,
          couponId: couponRow?.id ?? null, cashVoucherId: voucherRow?.id ?? null,
          expiresAt: new Date(Date.now() + UNPAID_ORDER_TIMEOUT_MIN * 60_000),
          address: snapshot, invoiceType: input.invoiceType, remarks: input.remarks,
        }).returning({ id: orders.id });
        const orderId = o!.id;
        if (couponRow) await takeCoupon(tx, companyId, couponRow.id, 'coupon', orderId);
        if (voucherRow) await takeCoupon(tx, companyId, voucherRow.id, 'cash', orderId);
        // Each line's share of the order discount, floored; the remainder goes to the last line.
        const discount = t.discountFen;
        let given = 0;
        const priced = t.lines.filter((p) => p.counted);
        for (const [i, p] of priced.entries()) {
          const l = group.find((x) => x.id === p.line.id)!;
          const share = i === priced.length - 1 ? discount - given : t.goodsAmountFen > 0 ? Math.floor((discount * p.amountFen) / t.goodsAmountFen) : 0;
          given += share;
          if (l.combination) {
            await placeCombination(tx, touched, orderId, l, p.quantity, p.amountFen, share);
            continue;
          }
          const [ol] = await tx.insert(orderLines).values({
            orderId, goodsId: l.goods.id, name: l.goods.name, spec: l.goods.ypgg, sccj: l.goods.sccj, bzdw: l.goods.bzdw,
            number: p.quantity, basePrice: p.line.type === 'combination' ? 0 : p.line.goods.basePriceFen, unitPrice: p.unitPriceFen,
            amount: p.amountFen, discount: share, type: l.type, goodsPriceId: l.goods_price_id, goodsManjianId: l.goods_manjian_id,
          }).returning({ id: orderLines.id });
          await reserve(tx, touched, orderId, ol!.id, l.goods.id, p.quantity, l.goods.name, l.variant_price !== null && l.goods_price_id ? lots.get(l.goods_price_id) ?? null : null);
          // 满赠: the gifts the line earned, recorded at price 0 (handed out with the goods).
          if (l.gift_data && l.gift_data.total > 0) {
            await tx.insert(orderLines).values({
              orderId, goodsId: l.goods.id, name: `赠品：${l.gift_data.name}`, spec: '', sccj: l.goods.sccj, bzdw: '份',
              number: l.gift_data.total, basePrice: 0, unitPrice: 0, amount: 0, discount: 0, type: GIFT_LINE_TYPE,
            });
          }
        }
        if (isEph) await tx.insert(receiptSlips).values({ orderId, companyId });
        made.push(orderId);
      }
      if (input.expectedFen !== null && input.expectedFen !== expectedTotal) {
        throw conflict(`商品价格已变化，应付金额为${fenToYuan(expectedTotal)}元，请确认后重新提交`);
      }
      await tx.delete(cartLines).where(and(eq(cartLines.companyId, companyId), inArray(cartLines.id, chosen.map((l) => l.id))));
      await tx.update(orderSubmissions).set({ orderIds: made }).where(eq(orderSubmissions.id, claimed[0]!.id));
      return made;
    });
    return { order_ids: ids, replayed: false };
  } catch (e) {
    if (e instanceof Replay || isUniqueViolation(e)) {
      const again = await findSubmission(companyId, input.key);
      if (again) return { order_ids: again, replayed: true };
      throw conflict('订单正在提交，请稍后查看我的订单');
    }
    throw e;
  }
}

function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: string; cause?: { code?: string } })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

async function findSubmission(companyId: number, key: string): Promise<number[] | null> {
  const db = await getDb();
  const [s] = await db.select({ ids: orderSubmissions.orderIds }).from(orderSubmissions)
    .where(and(eq(orderSubmissions.companyId, companyId), eq(orderSubmissions.key, key))).limit(1);
  return s && s.ids.length > 0 ? s.ids : null;
}

/** The last ephedrine order's signed receipt slip must be back before the next one. */
async function assertEphedrineAllowed(tx: Tx, companyId: number): Promise<void> {
  const [missing] = await tx.select({ id: receiptSlips.id }).from(receiptSlips)
    .innerJoin(orders, eq(orders.id, receiptSlips.orderId))
    .where(and(eq(receiptSlips.companyId, companyId), isNull(receiptSlips.uploadedAt), sql`${orders.status} <> 'cancelled'`)).limit(1);
  if (missing) throw unprocessable('ids', '上一笔含麻订单的回执单尚未上传，暂不能购买含麻商品');
}

async function releaseStock(tx: Tx, touched: Set<number>, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const released = await tx.update(stockReservations).set({ releasedAt: new Date() })
    .where(and(inArray(stockReservations.orderId, orderIds), isNull(stockReservations.releasedAt)))
    .returning({ lotId: stockReservations.lotId, number: stockReservations.number });
  for (const r of released) {
    const [lot] = await tx.update(goodsLots).set({ stock: sql`${goodsLots.stock} + ${r.number}` }).where(eq(goodsLots.id, r.lotId)).returning({ goodsId: goodsLots.goodsId });
    touched.add(lot!.goodsId);
    await tx.update(goods).set({ stock: sql`${goods.stock} + ${r.number}`, sales: sql`greatest(${goods.sales} - ${r.number}, 0)` }).where(eq(goods.id, lot!.goodsId));
  }
  // Coupons of a cancelled order come back.
  await tx.execute(sql`UPDATE coupons SET used_order_id = NULL, used_at = NULL WHERE used_order_id IN (${sql.join(orderIds.map((i) => sql`${i}`), sql`, `)})`);
}

let lastSweep = 0;
/**
 * Cancels unpaid orders past their deadline and releases their stock. Safe with several
 * processes: the status UPDATE … WHERE status = 'unpaid' hands each order to one of them.
 */
export async function sweepExpired(force = false): Promise<number> {
  const now = Date.now();
  if (!force && now - lastSweep < 15_000) return 0;
  lastSweep = now;
  return stockTransaction(async (tx, touched) => {
    const gone = await tx.update(orders).set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: '超时未支付，系统自动取消' })
      .where(and(eq(orders.status, 'unpaid'), lt(orders.expiresAt, new Date()))).returning({ id: orders.id });
    await releaseStock(tx, touched, gone.map((g) => g.id));
    return gone.length;
  });
}

export async function ownOrder(companyId: number, id: number, tx: Tx | null = null) {
  const q = tx ?? (await getDb());
  const [o] = await (tx ? q.select().from(orders).where(and(eq(orders.id, id), eq(orders.companyId, companyId))).limit(1).for('update')
    : q.select().from(orders).where(and(eq(orders.id, id), eq(orders.companyId, companyId))).limit(1));
  if (!o) throw notFound('订单不存在');
  return o;
}

export async function cancelOrder(companyId: number, id: number) {
  await stockTransaction(async (tx, touched) => {
    const o = await ownOrder(companyId, id, tx);
    if (o.status !== 'unpaid') throw conflict('只能取消待付款的订单');
    await tx.update(orders).set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: '买家取消' }).where(eq(orders.id, id));
    await releaseStock(tx, touched, [id]);
  });
  return orderInfo(companyId, id);
}

/** Marks an order paid inside tx (the caller has locked it and checked it is unpaid). */
async function markPaid(tx: Tx, orderId: number, method: PayMethod): Promise<void> {
  await tx.update(orders).set({ status: 'paid', payMethod: method, paidAt: new Date() }).where(eq(orders.id, orderId));
}

async function lockUnpaid(tx: Tx, companyId: number, id: number) {
  const o = await ownOrder(companyId, id, tx);
  if (o.status === 'cancelled') throw conflict('订单已取消');
  if (o.status !== 'unpaid') throw conflict('订单已支付');
  if (o.expiresAt < new Date()) throw conflict('订单已超时，请重新下单');
  return o;
}

export async function payWithBalance(companyId: number, id: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const o = await lockUnpaid(tx, companyId, id);
    await move(tx, companyId, 'balance', -o.payableAmount, 'order_pay', o.id, `订单${o.no}余额支付`);
    await tx.insert(payments).values({ orderId: o.id, companyId, method: 'balance', amount: o.payableAmount, status: 'succeeded', paidAt: new Date() });
    await markPaid(tx, o.id, 'balance');
    await awardPoints(tx, companyId, o.id, o.payableAmount);
  });
  return orderInfo(companyId, id);
}

/** 1 point per whole yuan paid. */
async function awardPoints(tx: Tx, companyId: number, orderId: number, paidFen: number): Promise<void> {
  const pts = Math.floor(paidFen / 100);
  if (pts > 0) await move(tx, companyId, 'points', pts, 'order_points', orderId, '订单赠送积分');
}

export async function creditCheck(companyId: number, id: number | null) {
  const s = await creditStatus(companyId);
  const o = id ? await ownOrder(companyId, id) : null;
  const reason = s.limitFen === 0 ? '未开通账期' : s.overdue ? '账期已逾期，请先还款' : o && o.payableAmount > s.availableFen ? '账期额度不足' : null;
  return { usable: reason === null, reason, limit: fenToYuan(s.limitFen), used: fenToYuan(s.usedFen), available: fenToYuan(s.availableFen), overdue: s.overdue, overdue_amount: fenToYuan(s.overdueFen) };
}

/** user_credit_create: a pending credit payment for the order (after the checks). */
export async function creditCreate(companyId: number, id: number) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const o = await lockUnpaid(tx, companyId, id);
    const s = await creditStatus(companyId, tx);
    if (s.overdue) throw conflict('账期已逾期，请先还款');
    if (o.payableAmount > s.availableFen) throw conflict('账期额度不足');
    const [p] = await tx.insert(payments).values({ orderId: o.id, companyId, method: 'credit', amount: o.payableAmount }).returning({ id: payments.id });
    return { payment_id: p!.id, amount: fenToYuan(o.payableAmount) };
  });
}

/** user_credit_pay: the order is paid on credit; the credit used grows and joins this month's bill. */
export async function creditPay(companyId: number, id: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const o = await lockUnpaid(tx, companyId, id);
    const s = await creditStatus(companyId, tx);
    if (s.overdue) throw conflict('账期已逾期，请先还款');
    await move(tx, companyId, 'credit', o.payableAmount, 'credit_pay', o.id, `订单${o.no}账期支付`);
    await addToCreditBill(tx, companyId, o.payableAmount);
    const [pending] = await tx.select().from(payments).where(and(eq(payments.orderId, o.id), eq(payments.method, 'credit'), eq(payments.status, 'pending'))).limit(1);
    if (pending) await tx.update(payments).set({ status: 'succeeded', paidAt: new Date() }).where(eq(payments.id, pending.id));
    else await tx.insert(payments).values({ orderId: o.id, companyId, method: 'credit', amount: o.payableAmount, status: 'succeeded', paidAt: new Date() });
    await markPaid(tx, o.id, 'credit');
    await awardPoints(tx, companyId, o.id, o.payableAmount);
  });
  return orderInfo(companyId, id);
}

/** Starts an online payment with the provider; answers where the buyer pays. */
export async function onlineCreate(companyId: number, id: number) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const o = await lockUnpaid(tx, companyId, id);
    const [p] = await tx.insert(payments).values({ orderId: o.id, companyId, method: 'online', provider: sandboxProvider.name, amount: o.payableAmount }).returning({ id: payments.id });
    return { payment_id: p!.id, amount: fenToYuan(o.payableAmount), pay_url: sandboxProvider.payUrl(p!.id, o.payableAmount) };
  });
}

/** The sandbox's own page: the buyer confirms; the provider then notifies asynchronously. */
export async function sandboxConfirm(companyId: number, paymentId: number, notifyUrl: string): Promise<Notification> {
  const db = await getDb();
  const [p] = await db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.companyId, companyId), eq(payments.provider, 'sandbox'))).limit(1);
  if (!p) throw notFound('支付单不存在');
  const n = sandboxProvider.notification(p.id, p.amount);
  // Asynchronous like a real provider: the notification arrives after this call has answered.
  setTimeout(() => {
    fetch(notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(n) }).catch(() => {});
  }, 50);
  return n;
}

/** A provider notification: verify signature and amount; a replay (or a late twin) changes nothing. */
export async function handleNotification(n: Partial<Notification>): Promise<{ status: 'paid' | 'ignored' }> {
  const provider = typeof n.provider === 'string' ? providerByName(n.provider) : null;
  if (!provider || typeof n.payment_id !== 'number' || typeof n.txn !== 'string' || typeof n.amount !== 'number' || typeof n.sign !== 'string') throw badRequest('通知格式不正确');
  if (!provider.verify(n as Notification)) throw badRequest('签名校验失败');
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(and(eq(payments.id, n.payment_id!), eq(payments.provider, provider.name))).limit(1).for('update');
    if (!p) throw notFound('支付单不存在');
    if (p.amount !== n.amount) throw badRequest('支付金额不一致');
    if (p.status !== 'pending') return { status: 'ignored' as const };
    const [o] = await tx.select().from(orders).where(eq(orders.id, p.orderId)).limit(1).for('update');
    if (!o || o.status !== 'unpaid') {
      // Paid after the order was cancelled (or paid another way): the money arrived all the
      // same, so it goes to the wallet balance instead of being lost.
      await tx.update(payments).set({ status: 'succeeded', providerTxn: n.txn!, paidAt: new Date() }).where(eq(payments.id, p.id));
      await move(tx, p.companyId, 'balance', p.amount, 'online_in', p.orderId, `订单${o?.no ?? ''}已关闭，在线支付款转入余额`);
      return { status: 'ignored' as const };
    }
    await tx.update(payments).set({ status: 'succeeded', providerTxn: n.txn!, paidAt: new Date() }).where(eq(payments.id, p.id));
    // Money received from outside: in and straight out of the balance, so the ledger shows it.
    await move(tx, o.companyId, 'balance', p.amount, 'online_in', o.id, `订单${o.no}在线支付`);
    await move(tx, o.companyId, 'balance', -p.amount, 'order_pay', o.id, `订单${o.no}在线支付`);
    await markPaid(tx, o.id, 'online');
    await awardPoints(tx, o.companyId, o.id, p.amount);
    return { status: 'paid' as const };
  });
}

export const ORDER_TABS: Record<string, OrderStatus[] | null> = {
  all: null, unpaid: ['unpaid'], paid: ['paid'], shipped: ['shipped'], completed: ['completed'], cancelled: ['cancelled'],
};

/**
 * Orders of the company per member-centre tab: 待付款 (unpaid, not yet timed out), 待发货 (paid),
 * 待收货 (shipped), 已完成, and 退货/售后 = return requests still open (pending or approved).
 */
export async function orderCounts(companyId: number) {
  const db = await getDb();
  const byStatus = await db.select({ status: orders.status, n: sql<number>`count(*)::int` }).from(orders)
    .where(and(eq(orders.companyId, companyId), or(sql`${orders.status} <> 'unpaid'`, gt(orders.expiresAt, new Date()))))
    .groupBy(orders.status);
  const [open] = await db.select({ n: sql<number>`count(*)::int` }).from(returnRequests)
    .where(and(eq(returnRequests.companyId, companyId), inArray(returnRequests.status, ['pending', 'approved'])));
  const n = (s: OrderStatus) => Number(byStatus.find((r) => r.status === s)?.n ?? 0);
  return { unpaid: n('unpaid'), unshipped: n('paid'), shipped: n('shipped'), done: n('completed'), after_sale: Number(open?.n ?? 0) };
}

export async function listOrders(companyId: number, opts: { tab: string; keyword: string; page: number; perPage: number; ephedrine?: boolean }) {
  await sweepExpired();
  const db = await getDb();
  const statuses = ORDER_TABS[opts.tab] ?? null;
  const kw = opts.keyword.trim();
  const where = and(
    eq(orders.companyId, companyId),
    statuses ? inArray(orders.status, statuses) : undefined,
    opts.ephedrine ? eq(orders.isEphedrine, true) : undefined,
    kw ? or(ilike(orders.no, `%${kw}%`), sql`EXISTS (SELECT 1 FROM order_lines ol WHERE ol.order_id = ${orders.id} AND ol.name ILIKE ${'%' + kw + '%'})`) : undefined,
  );
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.id)).limit(opts.perPage).offset((opts.page - 1) * opts.perPage);
  const lines = rows.length ? await db.select().from(orderLines).where(inArray(orderLines.orderId, rows.map((r) => r.id))).orderBy(asc(orderLines.id)) : [];
  const slips = rows.length ? await db.select().from(receiptSlips).where(inArray(receiptSlips.orderId, rows.map((r) => r.id))) : [];
  return {
    rows: rows.map((o) => ({
      ...orderSummary(o),
      lines: lines.filter((l) => l.orderId === o.id).map(lineView),
      receipt_slip: slipView(slips.find((s) => s.orderId === o.id)),
    })),
    total: Number(c?.n ?? 0), page: opts.page, perPage: opts.perPage,
  };
}

function orderSummary(o: typeof orders.$inferSelect) {
  return {
    id: o.id, no: o.no, status: o.status, status_text: ORDER_STATUS_LABEL[o.status], is_ephedrine: o.isEphedrine,
    goods_amount: fenToYuan(o.goodsAmount), full_reduction_amount: fenToYuan(o.fullReductionAmount),
    coupon_amount: fenToYuan(o.couponAmount), cash_voucher_amount: fenToYuan(o.cashVoucherAmount),
    shipping_amount: fenToYuan(o.shippingAmount), payable_amount: fenToYuan(o.payableAmount),
    pay_method: o.payMethod, paid_at: o.paidAt?.toISOString() ?? null, expires_at: o.expiresAt.toISOString(),
    cancel_reason: o.cancelReason, created_at: o.createdAt.toISOString(), invoice_type: o.invoiceType,
    remarks: o.remarks, address: o.address, tracking_no: o.trackingNo,
  };
}

function lineView(l: typeof orderLines.$inferSelect) {
  return {
    id: l.id, goods_id: l.goodsId, name: l.name, ypgg: l.spec, sccj: l.sccj, bzdw: l.bzdw, number: l.number,
    base_price: fenToYuan(l.basePrice), price: fenToYuan(l.unitPrice), amount: fenToYuan(l.amount), discount: fenToYuan(l.discount), type: l.type,
    goods_price_id: l.goodsPriceId, goods_manjian_id: l.goodsManjianId,
  };
}

function slipView(s: typeof receiptSlips.$inferSelect | undefined) {
  return s ? { id: s.id, uploaded: s.uploadedAt !== null, uploaded_at: s.uploadedAt?.toISOString() ?? null } : null;
}

export async function orderInfo(companyId: number, id: number) {
  const db = await getDb();
  let o = await ownOrder(companyId, id);
  // Past its deadline but not yet swept: sweep now so the buyer never sees a stale "unpaid".
  if (o.status === 'unpaid' && o.expiresAt < new Date()) {
    await sweepExpired(true);
    o = await ownOrder(companyId, id);
  }
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id));
  const lots = await db.select().from(stockReservations).where(eq(stockReservations.orderId, id)).orderBy(asc(stockReservations.id));
  const pays = await db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.id));
  const rets = await returnsOf(companyId, id);
  const [slip] = await db.select().from(receiptSlips).where(eq(receiptSlips.orderId, id)).limit(1);
  return {
    ...orderSummary(o),
    lines: lines.map((l) => ({
      ...lineView(l),
      lots: lots.filter((r) => r.orderLineId === l.id).map((r) => ({ lot_id: r.lotId, batch_no: r.batchNo, expires_on: r.expiresOn, number: r.number, released: r.releasedAt !== null })),
      returned: rets.flatMap((r) => (r.status === 'rejected' ? [] : r.lines)).filter((x) => x.order_line_id === l.id).reduce((s, x) => s + x.number, 0),
    })),
    payments: pays.map((p) => ({ id: p.id, method: p.method, amount: fenToYuan(p.amount), status: p.status, paid_at: p.paidAt?.toISOString() ?? null })),
    returns: rets,
    receipt_slip: slipView(slip),
    logistics: o.trackingNo ? [{ time: o.paidAt?.toISOString() ?? '', text: `运单号 ${o.trackingNo}` }] : [],
  };
}

/**
 * The member's order for a page's route parameter, or null when the id is malformed, unknown or
 * another member's: the page then shows the 404 page.
 */
export async function memberOrderForPage(companyId: number, idParam: string | undefined): Promise<Awaited<ReturnType<typeof orderInfo>> | null> {
  const id = Number(idParam);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  try {
    return await orderInfo(companyId, id);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) return null;
    throw e;
  }
}

async function returnsOf(companyId: number, orderId: number, q: Tx | null = null) {
  const db = q ?? (await getDb());
  const reqs = await db.select().from(returnRequests).where(and(eq(returnRequests.orderId, orderId), eq(returnRequests.companyId, companyId))).orderBy(asc(returnRequests.id));
  const rl = reqs.length ? await db.select().from(returnLines).where(inArray(returnLines.returnId, reqs.map((r) => r.id))) : [];
  return reqs.map((r) => ({
    id: r.id, kind: r.kind, reason: r.reason, status: r.status, photos: r.photos.map((id) => ({ id, url: returnPhotoUrl(orderId, id) })), created_at: r.createdAt.toISOString(),
    lines: rl.filter((x) => x.returnId === r.id).map((x) => ({ order_line_id: x.orderLineId, number: x.number })),
  }));
}

export const RETURN_STATUS_LABEL = { pending: '审核中', approved: '已同意', rejected: '已拒绝', refunded: '已退款' } as const;

/**
 * Return / after-sales on chosen lines and quantities of a paid order (never beyond what was bought).
 * `photos` are checked (checkReturnPhotos) but not yet stored: they are written once the lines pass.
 */
export async function applyReturn(companyId: number, orderId: number, input: { kind: 'return' | 'after_sales'; reason: string; lines: { id: number; number: number }[]; photos: CheckedPhoto[] }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const o = await ownOrder(companyId, orderId, tx);
    if (o.status === 'unpaid' || o.status === 'cancelled') throw conflict('该订单不能申请售后');
    const ls = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const prev = await returnsOf(companyId, orderId, tx);
    const [r] = await tx.insert(returnRequests).values({ orderId, companyId, kind: input.kind, reason: input.reason, photos: input.photos.map((p) => p.id) }).returning({ id: returnRequests.id });
    for (const [i, x] of input.lines.entries()) {
      const l = ls.find((y) => y.id === x.id);
      if (!l) throw unprocessable(`lines.${i}.id`, '订单中没有该商品');
      const used = prev.filter((p) => p.status !== 'rejected').flatMap((p) => p.lines).filter((y) => y.order_line_id === l.id).reduce((s, y) => s + y.number, 0);
      if (x.number > l.number - used) throw unprocessable(`lines.${i}.number`, `${l.name}最多可退${l.number - used}${l.bzdw}`);
      await tx.insert(returnLines).values({ returnId: r!.id, orderLineId: l.id, number: x.number });
    }
    await saveReturnPhotos(input.photos);
  });
  return orderInfo(companyId, orderId);
}

export async function uploadSlip(companyId: number, orderId: number, fileName: string) {
  const db = await getDb();
  const o = await ownOrder(companyId, orderId);
  if (!o.isEphedrine) throw notFound('该订单没有回执单');
  await db.update(receiptSlips).set({ signedFile: fileName, uploadedAt: new Date() }).where(eq(receiptSlips.orderId, orderId));
  return orderInfo(companyId, orderId);
}

/** 常购清单 for /kjcg: goods this company bought, most often first. */
export async function fastBuy(companyId: number, page: number, perPage: number, order: 'count' | 'recent') {
  const db = await getDb();
  const orderBy = order === 'recent' ? sql`max(o.created_at) DESC` : sql`sum(ol.number) DESC`;
  const rows = await db.execute<{ goods_id: number; name: string; spec: string; sccj: string; bzdw: string; times: number; quantity: number; last_at: string }>(sql`
    SELECT ol.goods_id, min(ol.name) AS name, min(ol.spec) AS spec, min(ol.sccj) AS sccj, min(ol.bzdw) AS bzdw,
           count(DISTINCT o.id)::int AS times, sum(ol.number)::int AS quantity, max(o.created_at) AS last_at
    FROM order_lines ol JOIN orders o ON o.id = ol.order_id
    WHERE o.company_id = ${companyId} AND o.status <> 'cancelled'
    GROUP BY ol.goods_id ORDER BY ${orderBy}, ol.goods_id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`);
  const counted = await db.execute<{ n: number }>(sql`SELECT count(DISTINCT ol.goods_id)::int AS n FROM order_lines ol JOIN orders o ON o.id = ol.order_id WHERE o.company_id = ${companyId} AND o.status <> 'cancelled'`);
  const c = (counted as unknown as { rows: { n: number }[] }).rows[0];
  type Row = { goods_id: number; name: string; spec: string; sccj: string; bzdw: string; times: number; quantity: number; last_at: string };
  return { rows: (rows as unknown as { rows: Row[] }).rows.map((r: Row) => ({ ...r, last_at: new Date(r.last_at).toISOString() })), total: Number(c?.n ?? 0), page, perPage };
}
