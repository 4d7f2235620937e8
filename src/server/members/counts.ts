// The numbers of the member centre and the User record. Cart lines, orders, coupons, points and
// balance belong to the cart/orders/wallet modules; this file only gathers them.
import { unreadCount } from './messages.ts';
import type { SessionUser } from '#/server/sessions.ts';
import { cartCount } from '#/server/cart/state.ts';
import { orderCounts, type OrderCounts } from '#/server/orders/counts.ts';
import { couponCounts } from '#/server/wallet/coupons.ts';
import { walletOf } from '#/server/wallet/accounts.ts';

export { couponCounts };

export interface CouponCounts {
  /** usable coupons */ usable: number;
  /** of them, expiring within 7 days */ expiring: number;
  /** usable cash vouchers */ cash: number;
}

export interface MemberCounts {
  cart: number;
  orders: OrderCounts;
  coupons: CouponCounts;
  unread_messages: number;
  points: number;
  /** wallet balance in fen (members/present.ts shows it in yuan) */
  balance: number;
}

export async function memberCounts(
  user: Pick<SessionUser, 'accountId' | 'companyId'>,
): Promise<MemberCounts> {
  const [cart, orders, coupons, purse, unread] = await Promise.all([
    cartCount(user.companyId),
    orderCounts(user.companyId),
    couponCounts(user.companyId),
    walletOf(user.companyId),
    unreadCount(user.accountId),
  ]);
  return {
    cart,
    orders,
    coupons,
    unread_messages: unread,
    points: purse.points,
    balance: purse.balance,
  };
}
