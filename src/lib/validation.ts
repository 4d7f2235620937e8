// Form rules of SPEC 5 (and the registration rules the spec leaves open), as RegExps, predicates
// and Chinese messages. The same regexps feed zod on the server and the forms in the browser.
// Predicates test the exact string: trim before calling if the field allows surrounding spaces.
// Pure: no imports.

/** Mobile: 11 digits, 1 then 3–9. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/** Landline: area code (0 + 2–3 digits, e.g. 010, 027, 0755), dash, 7–8 digits: 027-87654321. */
export const LANDLINE_RE = /^0\d{2,3}-\d{7,8}$/;
/**
 * Email: letters, digits, underscore or hyphen (dot-separated parts allowed, e.g. zhang.san),
 * then @, then a domain with at least one dot.
 */
export const EMAIL_RE = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+$/;
/** Password: 8–64 visible ASCII characters, at least one letter and one digit. */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7E]{8,64}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
/** Username: 4–20 letters, digits or underscores, starting with a letter. */
export const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_]{3,19}$/;
/** SMS verification code: six digits. */
export const SMS_CODE_RE = /^\d{6}$/;

export const MESSAGES = {
  mobileRequired: '请输入手机号码',
  mobile: '请输入正确的手机号码',
  landline: '请输入正确的固定电话，如 027-87654321',
  phone: '请输入正确的手机号码或固定电话',
  emailRequired: '请输入邮箱地址',
  email: '请输入正确的邮箱地址',
  passwordRequired: '请输入密码',
  password: '密码为8-64位，须同时包含字母和数字',
  passwordMismatch: '两次输入的密码不一致',
  usernameRequired: '请输入用户名',
  username: '用户名为4-20位字母、数字或下划线，且以字母开头',
  smsCodeRequired: '请输入短信验证码',
  smsCode: '请输入6位数字验证码',
} as const;

export function isMobile(value: string): boolean {
  return MOBILE_RE.test(value);
}

export function isLandline(value: string): boolean {
  return LANDLINE_RE.test(value);
}

/** Mobile, or (with allowLandline) a landline. */
export function isPhone(value: string, options: { allowLandline?: boolean } = {}): boolean {
  return isMobile(value) || (options.allowLandline === true && isLandline(value));
}

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}

export function isPassword(value: string): boolean {
  return PASSWORD_RE.test(value);
}

export function isUsername(value: string): boolean {
  return USERNAME_RE.test(value);
}

export function isSmsCode(value: string): boolean {
  return SMS_CODE_RE.test(value);
}

// check*: null when valid, otherwise the Chinese message to show.

export function checkMobile(value: string): string | null {
  if (value === '') return MESSAGES.mobileRequired;
  return isMobile(value) ? null : MESSAGES.mobile;
}

export function checkPhone(value: string, options: { allowLandline?: boolean } = {}): string | null {
  if (value === '') return MESSAGES.mobileRequired;
  if (isPhone(value, options)) return null;
  return options.allowLandline === true ? MESSAGES.phone : MESSAGES.mobile;
}

export function checkEmail(value: string): string | null {
  if (value === '') return MESSAGES.emailRequired;
  return isEmail(value) ? null : MESSAGES.email;
}

export function checkPassword(value: string): string | null {
  if (value === '') return MESSAGES.passwordRequired;
  return isPassword(value) ? null : MESSAGES.password;
}

/** Password and its confirmation: rule first, then equality. */
export function checkPasswordConfirm(password: string, confirm: string): string | null {
  return checkPassword(password) ?? (password === confirm ? null : MESSAGES.passwordMismatch);
}

export function checkUsername(value: string): string | null {
  if (value === '') return MESSAGES.usernameRequired;
  return isUsername(value) ? null : MESSAGES.username;
}

export function checkSmsCode(value: string): string | null {
  if (value === '') return MESSAGES.smsCodeRequired;
  return isSmsCode(value) ? null : MESSAGES.smsCode;
}

/**
 * SPEC 5/8: a 422 shows the first message of the first failing field.
 * `errors` is the 422 body's { field: [messages] }; null when there is none.
 */
export function firstErrorMessage(
  errors: Readonly<Record<string, readonly string[] | string | undefined>> | null | undefined,
): string | null {
  if (!errors) return null;
  for (const value of Object.values(errors)) {
    if (typeof value === 'string' && value !== '') return value;
    if (Array.isArray(value)) {
      const first: unknown = value.find((m: unknown) => typeof m === 'string' && m !== '');
      if (typeof first === 'string') return first;
    }
  }
  return null;
}
