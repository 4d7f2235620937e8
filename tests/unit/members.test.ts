import { describe, expect, it } from 'vitest';
import { shopDay } from '#/lib/shopClock.ts';
import {
  CREDIT_CODE_RE,
  DRUG_TRADE_LICENCE_RE,
  checkCompanyName,
  checkLicenceNumber,
  checkPersonName,
  checkPhone,
  MEMBER_MESSAGES,
} from '#/lib/validation.ts';
import { safeRedirect } from '#/lib/redirect.ts';
import {
  CAPTCHA_AFTER_FAILURES,
  IP_MAX_FAILURES,
  isLockedOut,
  loginThrottleKeys,
  needsCaptcha,
  PAIR_MAX_FAILURES,
} from '#/server/auth/throttle.ts';
import { daysUntil } from '#/server/qualifications.ts';
import { sniffType } from '#/server/storage.ts';
import { fullAddress } from '#/server/members/address.ts';

describe('registration rules', () => {
  it('accepts a unified social credit code and rejects look-alikes', () => {
    expect(CREDIT_CODE_RE.test('91420103MA4K88881A')).toBe(true);
    expect(CREDIT_CODE_RE.test('91420103MA4K8888IA')).toBe(false); // I is not in the alphabet
    expect(CREDIT_CODE_RE.test('91420103MA4K8888')).toBe(false);
    expect(CREDIT_CODE_RE.test('91420103ma4k88881a')).toBe(false);
  });

  it('checks drug trade licence numbers', () => {
    expect(DRUG_TRADE_LICENCE_RE.test('鄂AA0270001')).toBe(true);
    expect(DRUG_TRADE_LICENCE_RE.test('AA0270001')).toBe(false);
    expect(DRUG_TRADE_LICENCE_RE.test('鄂AA027000')).toBe(false);
  });

  it('chooses the number rule by licence kind', () => {
    expect(checkLicenceNumber('business', '91420103MA4K88881A')).toBeNull();
    expect(checkLicenceNumber('business', '鄂AA0270001')).toBe(MEMBER_MESSAGES.creditCode);
    expect(checkLicenceNumber('drug_trade', '91420103MA4K88881A')).toBe(
      MEMBER_MESSAGES.drugTradeLicence,
    );
    expect(checkLicenceNumber('gsp', 'HB-2026-0001')).toBeNull();
    expect(checkLicenceNumber('gsp', "1' OR '1'='1")).toBe(MEMBER_MESSAGES.licenceNumber);
  });

  it('checks company and person names', () => {
    expect(checkCompanyName('')).toBe(MEMBER_MESSAGES.companyNameRequired);
    expect(checkCompanyName('武汉仁心大药房')).toBeNull();
    expect(checkCompanyName('<script>alert(1)</script>')).toBe(MEMBER_MESSAGES.companyName);
    expect(checkCompanyName('药房')).toBe(MEMBER_MESSAGES.companyName);
    expect(checkCompanyName('药'.repeat(61))).toBe(MEMBER_MESSAGES.companyName);
    expect(checkPersonName('王芳')).toBeNull();
    expect(checkPersonName('王')).toBe(MEMBER_MESSAGES.personName);
    expect(checkPersonName('<b>x</b>')).toBe(MEMBER_MESSAGES.personName);
  });

  it('accepts a landline as contact phone', () => {
    expect(checkPhone('027-87654321', { allowLandline: true })).toBeNull();
    expect(checkPhone('027-87654321')).not.toBeNull();
  });
});

describe('login throttling', () => {
  it('locks an account on one IP after 10 failures there, an IP after 50, and never an account everywhere', () => {
    expect(PAIR_MAX_FAILURES).toBe(10);
    expect(IP_MAX_FAILURES).toBe(50);
    expect(isLockedOut({ pairFailures: 9, ipFailures: 49 })).toBe(false);
    expect(isLockedOut({ pairFailures: 10, ipFailures: 0 })).toBe(true);
    expect(isLockedOut({ pairFailures: 0, ipFailures: 50 })).toBe(true);
  });

  it('asks for the captcha from the third failure of an account, from whichever IP', () => {
    expect(CAPTCHA_AFTER_FAILURES).toBe(3);
    expect(needsCaptcha({ accountFailures: 2 })).toBe(false);
    expect(needsCaptcha({ accountFailures: 3 })).toBe(true);
    // Attempts still in flight ask for it only past what one address may ever try.
    expect(needsCaptcha({ accountFailures: 0, accountInFlight: 9 })).toBe(false);
    expect(needsCaptcha({ accountFailures: 0, accountInFlight: 10 })).toBe(true);
  });

  it('charges a known account by id, an unknown one by the text typed, each with the IP', () => {
    expect(loginThrottleKeys(42, '1.2.3.4')).toEqual({
      account: 'acct:#42',
      pair: 'acct:#42@1.2.3.4',
      ip: 'ip:1.2.3.4',
    });
    expect(loginThrottleKeys(' Nobody ', '1.2.3.4').account).toBe('acct:nobody');
    expect(loginThrottleKeys('nobody', null)).toEqual({
      account: 'acct:nobody',
      pair: null,
      ip: null,
    });
    expect(loginThrottleKeys(42, '1.2.3.4', 'staff').pair).toBe('staff-acct:#42@1.2.3.4');
  });
});

describe('safeRedirect', () => {
  it('keeps same-site paths only', () => {
    expect(safeRedirect('/cart?x=1')).toBe('/cart?x=1');
    expect(safeRedirect('//evil.com/x')).toBe('/');
    expect(safeRedirect('/\\evil.com')).toBe('/');
    expect(safeRedirect('https://evil.com')).toBe('/');
    expect(safeRedirect('javascript:alert(1)')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect('/user')).toBe('/user');
  });
});

describe('licence files and dates', () => {
  it('recognises files by their first bytes', () => {
    expect(sniffType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
    expect(sniffType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniffType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffType(new TextEncoder().encode('<svg onload=alert(1)>'))).toBeNull();
    expect(sniffType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffType(new Uint8Array([]))).toBeNull();
  });

  it('counts days to expiry in China time', () => {
    expect(daysUntil('2026-12-21', '2026-11-21')).toBe(30);
    expect(daysUntil('2026-11-20', '2026-11-21')).toBe(-1);
    // 20:00 UTC is already the next day in China.
    expect(shopDay(new Date('2026-11-21T20:00:00Z'))).toBe('2026-11-22');
    expect(shopDay(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-21');
  });

  it('joins an address without repeating the city', () => {
    expect(fullAddress('湖北省', '武汉市', '武汉市洪山区光谷步行街 1 号')).toBe(
      '湖北省 武汉市洪山区光谷步行街 1 号',
    );
    expect(fullAddress('湖北省', '武汉市', '珞喻路 1 号')).toBe('湖北省 武汉市 珞喻路 1 号');
  });
});
