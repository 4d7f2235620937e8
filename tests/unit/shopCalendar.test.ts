// Rules that run on the shop's calendar, Beijing time, not on the UTC date, which lags eight hours:
// credit bills (账期: the month an order joins, when its bill falls due, the day it turns overdue)
// and the near-expiry cutoff.
import { describe, expect, it } from 'vitest';
import { nearExpiryCutoff } from '#/server/catalog/listFromModel.ts';
import { serialNo } from '#/server/serialNo.ts';
import { shopIso, shopTimeText } from '#/lib/shopClock.ts';
import { billPeriodOf, billState, billToday, creditBillDue } from '#/server/wallet/credit.ts';

// 2026-12-01 01:00 in Beijing, still 2026-11-30 in UTC.
const earlyOnTheFirst = new Date('2026-11-30T17:00:00Z');
// 2026-11-30 23:59 in Beijing.
const lastMinuteOfNovember = new Date('2026-11-30T15:59:00Z');

describe('the month an order paid on credit joins', () => {
  it('is the shop month it was paid in', () => {
    expect(billPeriodOf(earlyOnTheFirst)).toBe('2026-12');
    expect(billPeriodOf(lastMinuteOfNovember)).toBe('2026-11');
    expect(billPeriodOf(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01');
  });
});

describe('when a bill is due', () => {
  it("falls on the store's bill day of the month after the shop month of payment", () => {
    expect(creditBillDue(earlyOnTheFirst, 10)).toBe('2027-01-10');
    expect(creditBillDue(lastMinuteOfNovember, 10)).toBe('2026-12-10');
  });

  it("falls on that next month's last day without a bill day", () => {
    expect(creditBillDue(earlyOnTheFirst, null)).toBe('2027-01-31');
    expect(creditBillDue(lastMinuteOfNovember, null)).toBe('2026-12-31');
    expect(creditBillDue(new Date('2027-01-15T04:00:00Z'), null)).toBe('2027-02-28');
  });
});

describe('when an unpaid bill turns overdue', () => {
  const bill = { amount: 10_000, repaid: 0, dueOn: '2026-11-30' };

  it('is at midnight after its due day, Beijing time', () => {
    expect(billToday(lastMinuteOfNovember)).toBe('2026-11-30');
    expect(billState(bill, billToday(lastMinuteOfNovember))).toBe('open');
    expect(billToday(earlyOnTheFirst)).toBe('2026-12-01');
    expect(billState(bill, billToday(earlyOnTheFirst))).toBe('overdue');
  });

  it('never, once repaid in full', () => {
    expect(billState({ ...bill, repaid: 10_000 }, '2027-06-01')).toBe('repaid');
    expect(billState({ ...bill, repaid: 9_999 }, '2027-06-01')).toBe('overdue');
  });
});

describe('the near-expiry cutoff', () => {
  it("is NEAR_EXPIRY_DAYS (180) after the shop's today", () => {
    expect(nearExpiryCutoff(earlyOnTheFirst.getTime())).toBe('2027-05-30');
    expect(nearExpiryCutoff(lastMinuteOfNovember.getTime())).toBe('2027-05-29');
  });
});

describe('order numbers', () => {
  it("carry the shop's wall-clock time they were made, to the second", () => {
    expect(serialNo('YP', new Date('2026-11-30T17:00:05Z'))).toMatch(
      /^YP20261201010005[0-9A-F]{6}$/,
    );
    expect(serialNo('JF', new Date('2026-11-30T15:59:59Z'))).toMatch(
      /^JF20261130235959[0-9A-F]{6}$/,
    );
  });
});

describe('times on the wire', () => {
  it("are ISO 8601 in the shop's offset, the same instant", () => {
    const at = new Date('2026-11-30T17:00:05.123Z');
    expect(shopIso(at)).toBe('2026-12-01T01:00:05.123+08:00');
    expect(Date.parse(shopIso(at))).toBe(at.getTime());
    expect(shopIso(null)).toBeNull();
  });
});

describe('a time as people read it', () => {
  it('is the Beijing wall clock, whatever the UTC date', () => {
    expect(shopTimeText(earlyOnTheFirst)).toBe('2026-12-01 01:00:00');
    expect(shopTimeText('2026-11-30T15:59:07.5Z')).toBe('2026-11-30 23:59:07');
    expect(shopTimeText('2026-12-01T01:00:05.123+08:00', { seconds: false })).toBe(
      '2026-12-01 01:00',
    );
    expect(shopTimeText(lastMinuteOfNovember, { seconds: false, year: false })).toBe('11-30 23:59');
    expect(shopTimeText(earlyOnTheFirst, { date: false })).toBe('01:00:00');
    expect(shopTimeText(lastMinuteOfNovember, { date: false, seconds: false })).toBe('23:59');
  });
});
