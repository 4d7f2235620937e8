// Placing the order(s) for the chosen cart lines, in one transaction: re-price, eligibility,
// limits, per-lot stock reservation, discounts, clearing the cart lines. 含麻 (ephedrine) goods
// form an order of their own. Idempotent per client submission key.
import { assertContractSigned } from '#/server/members/contract.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { serialNo } from '#/server/serialNo.ts';
import { CART_LINE_TYPES, UNPAID_ORDER_TIMEOUT_MIN } from '#/lib/constants.ts';
import { fenToYuan } from '#/lib/money.ts';
import { checkoutLines } from '#/server/cart/lines.ts';
import { databaseCatalogue } from '#/server/cart/catalogue.ts';
import { fullReductionActivities, loadCompany } from '#/server/cart/load.ts';
import type { CartItem } from '#/server/cart/model.ts';
import type { Tx } from '#/server/db/client.ts';
import { cartLines, orders, type AddressSnapshot } from '#/server/db/schema/index.ts';
import { unapprovedBlock } from '#/server/eligibility.ts';
import { conflict, DomainError, invalid, nearExpiryOnly, outOfStock } from '#/server/errors.ts';
import { listAddresses } from '#/server/members/addresses.ts';
import { variantLots } from '#/server/promotions/variants.ts';
import { takeCoupon, usableCoupons } from '#/server/wallet/coupons.ts';
import { HELD_REASON, heldGoods, type GspRule } from '#/server/gsp/settings.ts';
import { assertEphedrineAllowed, openSlip } from './slips.ts';
import { stockTransaction } from './stock.ts';
import { claimKey, findSubmission, isUniqueViolation, Replay, settleKey } from './submissions.ts';
import { sweepExpired } from './timeout.ts';
import { writeLines } from './writeLines.ts';
import { tallyPlaced } from '#/server/reports/tally.ts';
import { orderSettings } from './settings.ts';
import { pricingCoupon } from '#/server/promotions/couponScope.ts';
import { goodsIdsOf, planOrders, planPayableFen } from './plan.ts';

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

/** Out of stock (perhaps sold a moment ago) is a conflict; not being allowed to buy is a 422. */
function assertBuyable(l: CartItem): void {
  if (l.quantity > l.goods.stock)
    throw l.nearExpiryHeld > 0
      ? nearExpiryOnly(l.goods.name, l.goods.stock)
      : outOfStock(l.goods.name);
  if (!l.goods.isBuy) throw invalid('ids', `${l.goods.name}：${l.reason ?? '暂不可购买'}`);
  if (l.goods.limit !== null && l.goods.limit > 0 && l.quantity > l.goods.limit)
    throw invalid('ids', `${l.goods.name}超出限购数量`);
}

/** The GSP rule, when switched on, keeps goods without their required documents off sale. */
async function assertNotHeld(tx: Tx, lines: readonly CartItem[], rule: GspRule): Promise<void> {
  const held = await heldGoods(
    tx,
    lines.map((l) => l.goods.id),
    rule,
  );
  const first = lines.find((l) => held.has(l.goods.id));
  if (first) throw invalid('ids', `${first.goods.name}：${HELD_REASON}`);
}

async function deliveryAddress(
  tx: Tx,
  companyId: number,
  addressId: number | null,
): Promise<AddressSnapshot> {
  const list = await listAddresses(companyId, tx);
  const addr = addressId ? list.find((a) => a.id === addressId) : list[0];
  if (!addr) throw invalid('address_id', '请选择收货地址');
  return {
    name: addr.consignee,
    phone: addr.phone,
    region: [addr.province, addr.city, addr.district].filter(Boolean).join(' '),
    address: addr.detail,
  };
}

/** The coupon and cash voucher the buyer chose, still usable; only the first order takes them. */
async function chosenCoupons(tx: Tx, companyId: number, input: PlaceOrderInput) {
  const coupon = input.couponId
    ? (await usableCoupons(companyId, 'coupon', tx)).find((c) => c.id === input.couponId)
    : null;
  if (input.couponId && !coupon) throw invalid('coupon_id', '优惠券不可用');
  const voucher = input.cashVoucherId
    ? (await usableCoupons(companyId, 'cash', tx)).find((c) => c.id === input.cashVoucherId)
    : null;
  if (input.cashVoucherId && !voucher) throw invalid('cash_voucher_id', '现金券不可用');
  return { coupon: coupon ?? null, voucher: voucher ?? null };
}

/**
 * Places the order(s) for the chosen cart lines. Returns the order ids; the same key returns
 * the same ids however often and however concurrently it is submitted.
 */
export async function placeOrder(
  companyId: number,
  accountId: number,
  input: PlaceOrderInput,
): Promise<{ order_ids: number[]; replayed: boolean }> {
  await sweepExpired();
  const existing = await findSubmission(companyId, input.key);
  if (existing) return { order_ids: existing, replayed: true };
  try {
    const ids = await stockTransaction(async (tx, touched) => {
      // Locks in one order: the store first, then its submission key, then goods by ascending id.
      // Claiming the key first took a key-share lock on the store (its foreign key) that two
      // concurrent orders of one store then both tried to upgrade: a deadlock.
      const company = await loadCompany(tx, companyId, true);
      const submissionId = await claimKey(tx, companyId, input.key);
      if (submissionId === null) throw new Replay();
      if (!company.isPassed) throw invalid('ids', unapprovedBlock(company).reason);
      assertContractSigned(company);
      const from = databaseCatalogue(tx, true);
      const lines = await checkoutLines(tx, company, input.ids, from);
      const chosen = input.ids ? lines : lines.filter((l) => l.selected);
      if (chosen.length === 0) throw invalid('ids', '请选择要结算的商品');
      for (const l of chosen) assertBuyable(l);
      const settings = await orderSettings(tx);
      await assertNotHeld(tx, chosen, settings.gspRule);
      const address = await deliveryAddress(tx, companyId, input.addressId);
      if (chosen.some((l) => l.goods.isEphedrine)) await assertEphedrineAllowed(tx, companyId);
      const fullReductions = await fullReductionActivities(from, chosen);
      const { coupon, voucher } = await chosenCoupons(tx, companyId, input);
      const plan = planOrders(chosen, {
        fullReductions,
        coupon: coupon ? await pricingCoupon(tx, coupon, goodsIdsOf(chosen)) : null,
        cashVoucher: voucher ? { id: voucher.id, amountFen: voucher.amount } : null,
        welfareRate: settings.welfareRate,
      });
      if (coupon && !plan[0]!.totals.coupon?.applicable)
        throw invalid(
          'coupon_id',
          `${coupon.scope === 'all' ? '' : '适用商品'}未满${fenToYuan(coupon.threshold)}元，不能使用该优惠券`,
        );

      const lots = await variantLots(
        tx,
        chosen.flatMap((l) =>
          l.type !== CART_LINE_TYPES.combination && l.goodsPriceId ? [l.goodsPriceId] : [],
        ),
      );
      const lotOf = (l: CartItem) =>
        l.variantPriceFen !== null && l.goodsPriceId ? (lots.get(l.goodsPriceId) ?? null) : null;
      const made: number[] = [];
      for (const { isEphedrine: isEph, lines: group, totals: t } of plan) {
        const first = made.length === 0;
        const [o] = await tx
          .insert(orders)
          .values({
            no: serialNo('YP'),
            companyId,
            accountId,
            isEphedrine: isEph,
            goodsAmount: t.goodsAmountFen,
            fullReductionAmount: t.discounts.fullReductionFen,
            couponAmount: t.discounts.couponFen,
            cashVoucherAmount: t.discounts.cashVoucherFen,
            shippingAmount: t.shippingFen,
            payableAmount: t.payableFen,
            couponId: first ? (coupon?.id ?? null) : null,
            cashVoucherId: first ? (voucher?.id ?? null) : null,
            expiresAt: new Date(Date.now() + UNPAID_ORDER_TIMEOUT_MIN * 60_000),
            address,
            invoiceType: input.invoiceType,
            remarks: input.remarks,
          })
          .returning({ id: orders.id });
        const orderId = o!.id;
        if (first && coupon) await takeCoupon(tx, companyId, coupon.id, 'coupon', orderId);
        if (first && voucher) await takeCoupon(tx, companyId, voucher.id, 'cash', orderId);
        await writeLines(
          { tx, touched, orderId, discountedLots: from.discountedLots },
          group,
          t,
          lotOf,
        );
        if (isEph) await openSlip(tx, companyId, orderId);
        made.push(orderId);
      }
      const expectedTotal = planPayableFen(plan);
      if (input.expectedFen !== null && input.expectedFen !== expectedTotal) {
        throw new DomainError(
          'PRICE_CHANGED',
          `商品价格已变化，应付金额为${fenToYuan(expectedTotal)}元，请确认后重新提交`,
        );
      }
      await tx.delete(cartLines).where(
        and(
          eq(cartLines.companyId, companyId),
          inArray(
            cartLines.id,
            chosen.map((l) => l.id),
          ),
        ),
      );
      await tallyPlaced(tx, made);
      await settleKey(tx, submissionId, made);
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
