// 余额还款 on /zqgl: a store repays its credit bills from its balance, oldest due first, with a
// balance and a credit ledger row; more than is owed, or than the balance holds, is refused.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { fen, freshBuyer, ledger, pay, placeOrder, wallet } from '../support/backoffice.ts';

const GOODS_FROM = 260;

describe('repaying credit from the balance', () => {
  it('pays the open bill down, writes both ledger rows, and refuses what is not owed or not held', async () => {
    const buyer = await freshBuyer({ balance: 100, creditLimit: 10_000_000 });
    const order = await placeOrder(buyer, GOODS_FROM, 2);
    await pay(buyer, order, 'credit');
    const owed = (await wallet(buyer)).creditUsed;
    // Any order of two units costs more than the ¥1.00 balance.
    expect(owed).toBeGreaterThan(101);

    const tooMuch = await buyer.post('/api/pay/user_credit_repay', {
      amount: ((owed + 1) / 100).toFixed(2),
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.amount[0]).toMatch(/^还款金额超出待还金额¥/);
    const notHeld = await buyer.post('/api/pay/user_credit_repay', { amount: '1.01' });
    expect(notHeld.status).toBe(409);
    expect(notHeld.body.message).toBe('账户余额不足');
    for (const bad of ['0', '-1', '1.234', 'abc', '']) {
      const r = await buyer.post('/api/pay/user_credit_repay', { amount: bad });
      expect(r.status, bad).toBe(422);
    }

    const part = 100;
    const done = await buyer.post('/api/pay/user_credit_repay', {
      amount: (part / 100).toFixed(2),
    });
    expect(done.status).toBe(200);
    expect(fen(done.body.data.used)).toBe(owed - part);
    expect(fen(done.body.data.money)).toBe(0);
    expect(done.body.data.bills[0].repaid).toBe((part / 100).toFixed(2));
    const after = await wallet(buyer);
    expect(after.creditUsed).toBe(owed - part);
    expect((await ledger(buyer, 1))[0]).toMatchObject({ kind: 'credit_repay', direction: -1 });
    expect((await ledger(buyer, 2))[0]).toMatchObject({ kind: 'credit_repay', direction: -1 });
    const bills = (await buyer.get('/api/user/user_credit_list')).body.data;
    expect(fen(bills[0].repaid)).toBe(part);
  });

  it('is for members only and refuses a store with nothing owed', async () => {
    expect((await new Client().post('/api/pay/user_credit_repay', { amount: '1' })).status).toBe(
      401,
    );
    const buyer = await freshBuyer({ balance: 5_000 });
    const none = await buyer.post('/api/pay/user_credit_repay', { amount: '1' });
    expect(none.status).toBe(422);
    expect(none.body.errors.amount[0]).toBe('当前没有待还账单');
  });
});
