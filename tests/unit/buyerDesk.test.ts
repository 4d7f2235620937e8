// The buyer desks' rules that need no database: the credit bill's due day, and what the review,
// profile and credit forms accept.
import { describe, expect, it } from 'vitest';
import { ReviewForm } from '#/server/licences/forms.ts';
import { addDays, daysUntil } from '#/server/qualifications.ts';
import { CreditForm, ProfileForm, StoreQuery } from '#/server/storeProfiles/forms.ts';
import { creditBillDue } from '#/server/wallet/credit.ts';

const at = (iso: string) => new Date(`${iso}T10:00:00Z`);
const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('creditBillDue', () => {
  it("is the bill day of the next month, else that month's last day", () => {
    expect(creditBillDue(at('2026-01-31'), null)).toBe('2026-02-28');
    expect(creditBillDue(at('2026-01-31'), 15)).toBe('2026-02-15');
    expect(creditBillDue(at('2026-12-05'), 28)).toBe('2027-01-28');
    expect(creditBillDue(at('2026-12-05'), null)).toBe('2027-01-31');
    expect(creditBillDue(at('2028-01-10'), null)).toBe('2028-02-29');
  });
});

describe('licence dates', () => {
  it('counts days across months and years', () => {
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
    expect(daysUntil(addDays('2026-03-01', -1), '2026-03-01')).toBe(-1);
  });
});

describe('ReviewForm', () => {
  it('needs a reason to reject, and reads the scope in every form a browser sends', () => {
    expect(message(ReviewForm.safeParse({ state: 'rejected' }))).toBe('请填写驳回原因');
    expect(message(ReviewForm.safeParse({ state: 'rejected', remark: ' x ' }))).toBe(
      '请填写驳回原因',
    );
    expect(ReviewForm.parse({ state: 'rejected', remark: '过期' }).remark).toBe('过期');
    expect(ReviewForm.parse({ state: 'approved' }).jyfw).toBeUndefined();
    expect(ReviewForm.parse({ state: 'approved', jyfw: 'rx,otc_a,rx' }).jyfw).toEqual([
      'rx',
      'otc_a',
    ]);
    expect(ReviewForm.parse({ state: 'approved', jyfw: { 0: 'herb' } }).jyfw).toEqual(['herb']);
    expect(message(ReviewForm.safeParse({ state: 'approved', jyfw: '' }))).toBe(
      '请至少选择一项经营范围',
    );
    expect(message(ReviewForm.safeParse({ state: 'approved', jyfw: ['rx', 'x'] }))).toBe(
      '经营范围不正确',
    );
    expect(message(ReviewForm.safeParse({ state: 'maybe' }))).toBe('请选择审核结果');
  });
});

describe('ProfileForm', () => {
  const base = {
    type: 'clinic',
    province: '湖北省',
    city: '襄阳市',
    rank: '3',
    admin_id: '2',
    is_can_chat: '0',
  };
  it('answers the domain shape: an existing contact, or a new one checked field by field', () => {
    expect(ProfileForm.parse(base)).toEqual({
      type: 'clinic',
      province: '湖北省',
      city: '襄阳市',
      rank: 3,
      is_can_chat: false,
      admin: { id: 2 },
    });
    expect(
      ProfileForm.parse({
        ...base,
        admin_id: 'new',
        admin_name: '赵客服',
        admin_phone: '027-88886666',
      }).admin,
    ).toEqual({ id: null, name: '赵客服', phone: '027-88886666', phone1: '' });
    expect(message(ProfileForm.safeParse({ ...base, admin_id: 'new', admin_name: '赵客服' }))).toBe(
      '客服电话格式不正确',
    );
    expect(
      message(
        ProfileForm.safeParse({
          ...base,
          admin_id: 'new',
          admin_name: '赵客服',
          admin_phone: '13912345678',
          admin_phone_1: '123',
        }),
      ),
    ).toBe('备用电话格式不正确');
    expect(message(ProfileForm.safeParse({ ...base, rank: '6' }))).toBe('价格等级不正确');
    expect(message(ProfileForm.safeParse({ ...base, admin_id: 'x' }))).toBe('请选择专属客服');
  });
});

describe('CreditForm and StoreQuery', () => {
  it('turns yuan into fen within the column, and an empty bill day into none', () => {
    expect(CreditForm.parse({ credit_limit: '1234.5', bill_day: '' })).toEqual({
      credit_limit: 123_450,
      bill_day: null,
    });
    expect(CreditForm.parse({ credit_limit: '0', bill_day: '28' }).bill_day).toBe(28);
    expect(message(CreditForm.safeParse({ credit_limit: '20000000.01' }))).toBe('账期额度不正确');
    expect(message(CreditForm.safeParse({ credit_limit: '' }))).toBe('账期额度不正确');
    expect(message(CreditForm.safeParse({ credit_limit: '1', bill_day: '0' }))).toBe(
      '还款日须为每月1-28日',
    );
  });

  it('treats empty filters as none', () => {
    expect(StoreQuery.parse({ q: ' 仁心 ', type: '', province: '', passed: '' })).toEqual({
      q: '仁心',
      type: undefined,
      province: undefined,
      passed: undefined,
      page: 1,
      per_page: 30,
    });
  });
});
