// Which ways of paying an order allows. The help pages (支付方式, 含麻黄碱类药品购买须知) state it:
// a 含麻 (ephedrine) order is paid only by bank transfer from the registered company's own account
// (对公转账), never from the balance, on credit or online. Every way of paying asks here.
import { PAY_METHODS, type PayMethod } from '#/server/db/schema/index.ts';
import { invalid } from '#/server/errors.ts';

export const EPHEDRINE_PAY_METHODS: readonly PayMethod[] = ['transfer'];

export const EPHEDRINE_PAY_RULE = '含麻黄碱类药品订单仅支持对公转账付款';

export function payMethodsFor(o: { isEphedrine: boolean }): readonly PayMethod[] {
  return o.isEphedrine ? EPHEDRINE_PAY_METHODS : PAY_METHODS;
}

/** Refuses a way of paying the order does not allow, with the rule. */
export function assertPayMethod(o: { isEphedrine: boolean }, method: PayMethod): void {
  if (!payMethodsFor(o).includes(method))
    throw invalid('order_id', `${EPHEDRINE_PAY_RULE}，请选择对公转账`);
}
