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

export function checkPhone(
  value: string,
  options: { allowLandline?: boolean } = {},
): string | null {
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

/** A new password form's two fields: the rule on the password, equality on the confirmation. */
export function checkNewPassword(
  password: string,
  confirm: string,
): { password: string | null; password_confirmation: string | null } {
  return {
    password: checkPassword(password),
    password_confirmation: password === confirm ? null : MESSAGES.passwordMismatch,
  };
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

// ── Registration and licence rules (the spec leaves them open; these are what a B2B shop asks) ──

/** 统一社会信用代码: 18 characters, the alphabet excludes I, O, S, V and Z. */
export const CREDIT_CODE_RE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
/** 药品经营许可证: province character, two letters, seven digits (e.g. 鄂AA0270001). */
export const DRUG_TRADE_LICENCE_RE = /^[\u4e00-\u9fa5][A-Z]{2}\d{7}$/;
/** Other licence numbers (医疗机构执业许可证, 器械备案, GSP): 6–40 letters, digits, CJK or dashes. */
export const GENERIC_LICENCE_RE = /^[0-9A-Za-z\u4e00-\u9fa5-]{6,40}$/;
/** Company name: 4–60 characters, no angle brackets or control characters. */
export const COMPANY_NAME_RE = /^[^<>\u0000-\u001f]{4,60}$/;
/** A person's name: 2–20 characters of CJK, letters, dots or spaces. */
export const PERSON_NAME_RE = /^[\u4e00-\u9fa5A-Za-z·. ]{2,20}$/;

export const LICENCE_LABELS = {
  business: '营业执照',
  drug_trade: '药品经营许可证',
  medical_institution: '医疗机构执业许可证',
  device_record: '医疗器械经营备案凭证',
  gsp: 'GSP认证证书',
} as const;
export type LicenceKind = keyof typeof LICENCE_LABELS;

export const COMPANY_TYPE_LABELS = {
  pharmacy: '零售药店',
  clinic: '诊所',
  hospital: '医院/卫生院',
  wholesaler: '医药批发企业',
} as const;

export const MEMBER_MESSAGES = {
  companyNameRequired: '请输入企业名称',
  companyName: '企业名称为4-60个字符，不能包含尖括号',
  personNameRequired: '请输入联系人姓名',
  personName: '联系人姓名为2-20个汉字或字母',
  creditCode: '请输入正确的18位统一社会信用代码',
  drugTradeLicence: '请输入正确的药品经营许可证编号，如 鄂AA0270001',
  licenceNumber: '证件编号为6-40位字母、数字或汉字',
  companyType: '请选择企业类型',
  province: '请选择所在省份',
  cityRequired: '请输入所在城市',
  addressRequired: '请输入详细地址',
} as const;

export function checkCompanyName(value: string): string | null {
  if (value === '') return MEMBER_MESSAGES.companyNameRequired;
  return COMPANY_NAME_RE.test(value) ? null : MEMBER_MESSAGES.companyName;
}

export function checkPersonName(value: string): string | null {
  if (value === '') return MEMBER_MESSAGES.personNameRequired;
  return PERSON_NAME_RE.test(value) ? null : MEMBER_MESSAGES.personName;
}

/** The number format depends on the kind of licence. */
export function checkLicenceNumber(kind: LicenceKind, value: string): string | null {
  if (kind === 'business') return CREDIT_CODE_RE.test(value) ? null : MEMBER_MESSAGES.creditCode;
  if (kind === 'drug_trade')
    return DRUG_TRADE_LICENCE_RE.test(value) ? null : MEMBER_MESSAGES.drugTradeLicence;
  return GENERIC_LICENCE_RE.test(value) ? null : MEMBER_MESSAGES.licenceNumber;
}

export const PROVINCES = [
  '北京市',
  '天津市',
  '河北省',
  '山西省',
  '内蒙古自治区',
  '辽宁省',
  '吉林省',
  '黑龙江省',
  '上海市',
  '江苏省',
  '浙江省',
  '安徽省',
  '福建省',
  '江西省',
  '山东省',
  '河南省',
  '湖北省',
  '湖南省',
  '广东省',
  '广西壮族自治区',
  '海南省',
  '重庆市',
  '四川省',
  '贵州省',
  '云南省',
  '西藏自治区',
  '陕西省',
  '甘肃省',
  '青海省',
  '宁夏回族自治区',
  '新疆维吾尔自治区',
] as const;
