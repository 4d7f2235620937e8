// The numbers of the member centre and the User record. Cart lines, orders, coupons, points and
// balance belong to other teams' tables; each is read through one function below, which answers
// 0 until that table exists, so wiring a team's module in is a one-line change here.
import { unreadCount } from './messages.ts';
import type { SessionUser } from '../sessions.ts';
import { fenToYuan } from '../../lib/money.ts';

export interface OrderCounts {
  /** 待付款 */ unpaid: number;
  /** 待发货 */ unshipped: number;
  /** 待收货 */ shipped: number;
  /** 已完成 */ done: number;
  /** 退货/售后 */ after_sale: number;
}

export interface MemberCounts {
  cart: number;
  orders: OrderCounts;
  coupons: CouponCounts;
  unread_messages: number;
  points: number;
  /** wallet balance, yuan string */
  balance: string;
}

export interface CouponCounts {
  /** usable coupons */ usable: number;
  /** expiring within 7 days */ expiring: number;
  /** cash vouchers */ cash: number;
}

const noOrders = (): OrderCounts => ({ unpaid: 0, unshipped: 0, shipped: 0, done: 0, after_sale: 0 });

// Cart team: count of cart lines of the company (GET /api/cart/total answers the same number).
async function cartLineCount(_companyId: number): Promise<number> {
  return 0;
}

// Cart/orders team: orders of the company by state.
async function orderCounts(_companyId: number): Promise<OrderCounts> {
  return noOrders();
}

// Cart/promotions team: the company's coupons (api/user/couponNum answers this).
export async function couponCounts(_companyId: number): Promise<CouponCounts> {
  return { usable: 0, expiring: 0, cash: 0 };
}

// Wallet team: points and balance (fen).
async function wallet(_companyId: number): Promise<{ points: number; balanceFen: number }> {
  return { points: 0, balanceFen: 0 };
}

export async function memberCounts(user: Pick<SessionUser, 'accountId' | 'companyId'>): Promise<MemberCounts> {
  const [cart, orders, coupons, purse, unread] = await Promise.all([
    cartLineCount(user.companyId),
    orderCounts(user.companyId),
    couponCounts(user.companyId),
    wallet(user.companyId),
    unreadCount(user.accountId),
  ]);
  return {
    cart,
    orders,
    coupons,
    unread_messages: unread,
    points: purse.points,
    balance: fenToYuan(purse.balanceFen),
  };
}
