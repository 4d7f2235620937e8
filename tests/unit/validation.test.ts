import { describe, expect, it } from 'vitest';
import {
  checkEmail,
  checkMobile,
  checkPassword,
  checkPasswordConfirm,
  checkNewPassword,
  checkPhone,
  checkSmsCode,
  checkUsername,
  firstErrorMessage,
  isEmail,
  isLandline,
  isMobile,
  isPassword,
  isPhone,
  isSmsCode,
  isUsername,
  MESSAGES,
} from '#/lib/validation.ts';

describe('mobile', () => {
  it.each(['13800138000', '19912345678', '15000000000', '17612345678'])('accepts %s', (v) => {
    expect(isMobile(v)).toBe(true);
    expect(checkMobile(v)).toBeNull();
  });

  it.each([
    '12800138000', // second digit 2
    '10800138000', // second digit 0
    '1380013800', // 10 digits
    '138001380001', // 12 digits
    '23800138000',
    '1380013800a',
    ' 13800138000',
    '+8613800138000',
  ])('rejects %s', (v) => {
    expect(isMobile(v)).toBe(false);
    expect(checkMobile(v)).toBe('请输入正确的手机号码');
  });

  it('asks for a value when empty', () => {
    expect(checkMobile('')).toBe(MESSAGES.mobileRequired);
  });
});

describe('landline', () => {
  it.each(['027-87654321', '010-1234567', '0755-12345678', '0371-1234567'])('accepts %s', (v) => {
    expect(isLandline(v)).toBe(true);
  });

  it.each([
    '02787654321',
    '027-123456',
    '027-123456789',
    '27-87654321',
    '027_87654321',
    '02-87654321',
  ])('rejects %s', (v) => {
    expect(isLandline(v)).toBe(false);
  });

  it('is accepted as a phone only when allowed', () => {
    expect(isPhone('027-87654321')).toBe(false);
    expect(isPhone('027-87654321', { allowLandline: true })).toBe(true);
    expect(isPhone('13800138000', { allowLandline: true })).toBe(true);
    expect(checkPhone('027-87654321')).toBe(MESSAGES.mobile);
    expect(checkPhone('027-8765', { allowLandline: true })).toBe(MESSAGES.phone);
    expect(checkPhone('027-87654321', { allowLandline: true })).toBeNull();
  });
});

describe('email', () => {
  it.each(['abc@example.com', 'a_b-c@mail.163.com', 'user123@qq.com', 'zhang.san@yaopi.cn'])(
    'accepts %s',
    (v) => {
      expect(isEmail(v)).toBe(true);
      expect(checkEmail(v)).toBeNull();
    },
  );

  it.each([
    'abc@example',
    'abc.example.com',
    '@example.com',
    'abc@.com',
    'a b@example.com',
    'abc@example.',
    '张三@qq.com',
  ])('rejects %s', (v) => {
    expect(isEmail(v)).toBe(false);
    expect(checkEmail(v)).toBe('请输入正确的邮箱地址');
  });
});

describe('password', () => {
  it.each(['abcd1234', 'A1b2C3d4!@', `a1${'x'.repeat(62)}`])('accepts %s', (v) => {
    expect(isPassword(v)).toBe(true);
    expect(checkPassword(v)).toBeNull();
  });

  it.each([
    'abc1234', // 7 chars
    'abcdefgh', // no digit
    '12345678', // no letter
    `a1${'x'.repeat(63)}`, // 65 chars
    'abcd 1234', // space
    '密码abcd1234',
  ])('rejects %s', (v) => {
    expect(isPassword(v)).toBe(false);
    expect(checkPassword(v)).toBe(MESSAGES.password);
  });

  it('checks the confirmation after the rule', () => {
    expect(checkPasswordConfirm('abcd1234', 'abcd1234')).toBeNull();
    expect(checkPasswordConfirm('abcd1234', 'abcd12345')).toBe('两次输入的密码不一致');
    expect(checkPasswordConfirm('short1', 'short1')).toBe(MESSAGES.password);
    expect(checkPassword('')).toBe(MESSAGES.passwordRequired);
  });
});

describe('username', () => {
  it.each(['abcd', 'a_12', 'Zhang_san_2024', `a${'b'.repeat(19)}`])('accepts %s', (v) => {
    expect(isUsername(v)).toBe(true);
    expect(checkUsername(v)).toBeNull();
  });

  it.each(['abc', '1abc', '_abc', `a${'b'.repeat(20)}`, 'ab-c', 'abc d', '张三abcd'])(
    'rejects %s',
    (v) => {
      expect(isUsername(v)).toBe(false);
      expect(checkUsername(v)).toBe(MESSAGES.username);
    },
  );
});

describe('sms code', () => {
  it('accepts exactly six digits', () => {
    expect(isSmsCode('012345')).toBe(true);
    expect(isSmsCode('12345')).toBe(false);
    expect(isSmsCode('1234567')).toBe(false);
    expect(isSmsCode('12345a')).toBe(false);
    expect(checkSmsCode('')).toBe(MESSAGES.smsCodeRequired);
    expect(checkSmsCode('12')).toBe('请输入6位数字验证码');
  });
});

describe('firstErrorMessage (422)', () => {
  it('returns the first message of the first failing field', () => {
    expect(
      firstErrorMessage({ phone: ['请输入正确的手机号码', 'x'], email: ['请输入正确的邮箱地址'] }),
    ).toBe('请输入正确的手机号码');
    expect(firstErrorMessage({ phone: [], email: ['请输入正确的邮箱地址'] })).toBe(
      '请输入正确的邮箱地址',
    );
    expect(firstErrorMessage({ name: '必填' })).toBe('必填');
    expect(firstErrorMessage({})).toBeNull();
    expect(firstErrorMessage(undefined)).toBeNull();
  });
});

describe('checkNewPassword', () => {
  it('puts the rule on the password and equality on the confirmation, each on its own field', () => {
    expect(checkNewPassword('abcd1234', 'abcd1234')).toEqual({
      password: null,
      password_confirmation: null,
    });
    expect(checkNewPassword('short', 'short')).toEqual({
      password: MESSAGES.password,
      password_confirmation: null,
    });
    expect(checkNewPassword('abcd1234', 'abcd1235')).toEqual({
      password: null,
      password_confirmation: '两次输入的密码不一致',
    });
    expect(checkNewPassword('', 'x').password).toBe(MESSAGES.passwordRequired);
  });
});
