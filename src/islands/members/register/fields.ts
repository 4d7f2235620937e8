// The two forms of registration: their fields and the checks run before the server sees them.
import {
  checkCompanyName,
  checkMobile,
  checkPassword,
  checkPasswordConfirm,
  checkPersonName,
  checkPhone,
  checkSmsCode,
  checkUsername,
} from '#/lib/validation.ts';
import type { Errors } from '../ui.tsx';

export type AccountKey = 'username' | 'password' | 'password_confirmation' | 'phone' | 'code';
export type CompanyKey =
  | 'company_name'
  | 'company_type'
  | 'province'
  | 'city'
  | 'district'
  | 'address'
  | 'contact_name'
  | 'contact_phone'
  | 'invited_code';
export type Account = Record<AccountKey, string>;
export type Company = Record<CompanyKey, string>;
export type RegisterErrors = Errors<AccountKey | CompanyKey | 'agree'>;

export const EMPTY_ACCOUNT: Account = {
  username: '',
  password: '',
  password_confirmation: '',
  phone: '',
  code: '',
};

export const EMPTY_COMPANY: Company = {
  company_name: '',
  company_type: '',
  province: '',
  city: '',
  district: '',
  address: '',
  contact_name: '',
  contact_phone: '',
  invited_code: '',
};

export function accountErrors(account: Account, agree: boolean): Errors<AccountKey | 'agree'> {
  return {
    username: checkUsername(account.username.trim()),
    password: checkPassword(account.password),
    password_confirmation: account.password
      ? checkPasswordConfirm(account.password, account.password_confirmation)
      : null,
    phone: checkMobile(account.phone.trim()),
    code: checkSmsCode(account.code.trim()),
    agree: agree ? null : '请阅读并同意《用户注册协议》',
  };
}

export function companyErrors(company: Company): Errors<CompanyKey> {
  return {
    company_name: checkCompanyName(company.company_name.trim()),
    company_type: company.company_type ? null : '请选择企业类型',
    province: company.province ? null : '请选择所在省份',
    city: company.city.trim() ? null : '请输入所在城市',
    address: company.address.trim() ? null : '请输入详细地址',
    contact_name: checkPersonName(company.contact_name.trim()),
    contact_phone: checkPhone(company.contact_phone.trim(), { allowLandline: true }),
  };
}

/** Values as sent: trimmed, except passwords, whose spaces count. */
export function trimmed<T extends Record<string, string>>(o: T): T {
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, k.startsWith('password') ? v : v.trim()]),
  ) as T;
}
