import { describe, expect, it } from 'vitest';
import { isDomainError } from '#/server/errors.ts';
import type { PaidNotice } from '#/server/payments/provider.ts';
import { noticeOutcome } from '#/server/payments/settlement.ts';
import { outRefundNo, outTradeNo, paymentIdOf } from '#/server/payments/tradeNo.ts';

describe('our ids at the provider', () => {
  it('writes YP + 10 digits and reads back exactly that', () => {
    expect(outTradeNo(42)).toBe('YP0000000042');
    expect(outTradeNo(2_147_483_647)).toBe('YP2147483647');
    expect(outRefundNo(7)).toBe('YPR0000000007');
    expect(paymentIdOf('YP0000000042')).toBe(42);
    expect(() => outTradeNo(0)).toThrow(RangeError);
    expect(() => outTradeNo(2_147_483_648)).toThrow(RangeError);
  });

  it('refuses anything else as not one of our payments', () => {
    for (const bad of [
      'YP42',
      'YP00000000042',
      'yp0000000042',
      'YP0000000000',
      'YP9999999999',
      ' YP0000000042',
      'YPR0000000007',
      42,
      null,
    ])
      expect(() => paymentIdOf(bad), String(bad)).toThrow(
        expect.objectContaining({ code: 'NOTIFY_INVALID' }),
      );
  });
});

describe('what a verified notice does to a payment', () => {
  const paid: PaidNotice = {
    paymentId: 1,
    providerTxn: 'T1',
    amountFen: 500,
    currency: 'CNY',
    paid: true,
  };
  const closed: PaidNotice = { ...paid, paid: false };
  const pending = { amountFen: 500, status: 'pending' as const, providerTxn: null };
  const succeeded = { amountFen: 500, status: 'succeeded' as const, providerTxn: 'T1' };
  const failed = { amountFen: 500, status: 'failed' as const, providerTxn: null };

  it('pays a payable order once; a replay changes nothing', () => {
    expect(noticeOutcome(pending, true, paid)).toBe('pay_order');
    expect(noticeOutcome(succeeded, true, paid)).toBe('replay');
    expect(noticeOutcome(succeeded, false, paid)).toBe('replay');
  });

  it('records money for an order no longer payable and refunds it, also after the payment failed', () => {
    expect(noticeOutcome(pending, false, paid)).toBe('refund');
    expect(noticeOutcome(failed, false, paid)).toBe('refund');
    expect(noticeOutcome(failed, true, paid)).toBe('pay_order');
  });

  it('a closed trade fails a pending payment and never undoes a succeeded one', () => {
    expect(noticeOutcome(pending, true, closed)).toBe('fail');
    expect(noticeOutcome(succeeded, true, closed)).toBe('ignore');
    expect(noticeOutcome(failed, true, closed)).toBe('ignore');
  });

  it('refuses another amount, and a second transaction for a paid payment', () => {
    for (const [payment, notice] of [
      [pending, { ...paid, amountFen: 499 }],
      [succeeded, { ...paid, providerTxn: 'T2' }],
    ] as const) {
      let error: unknown = null;
      try {
        noticeOutcome(payment, true, notice);
      } catch (e) {
        error = e;
      }
      expect(isDomainError(error, 'NOTIFY_INVALID')).toBe(true);
    }
  });
});
