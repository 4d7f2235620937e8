// Zod schemas for the members' forms, built on the shared rules of lib/validation.ts so that
// the browser and the server say the same thing.
import { z } from 'zod';
import {
  COMPANY_NAME_RE,
  MEMBER_MESSAGES as M,
  MESSAGES,
  MOBILE_RE,
  PASSWORD_RE,
  PERSON_NAME_RE,
  PROVINCES,
  SMS_CODE_RE,
  USERNAME_RE,
  isPhone,
} from '#/lib/validation.ts';
import { COMPANY_TYPES } from '#/server/db/schema/index.ts';

const text = (required: string, max = 100, tooLong = '内容过长') =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const mobileField = z
  .string({ error: MESSAGES.mobileRequired })
  .trim()
  .min(1, MESSAGES.mobileRequired)
  .regex(MOBILE_RE, MESSAGES.mobile);
export const passwordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .regex(PASSWORD_RE, MESSAGES.password);
export const smsCodeField = z
  .string({ error: MESSAGES.smsCodeRequired })
  .trim()
  .min(1, MESSAGES.smsCodeRequired)
  .regex(SMS_CODE_RE, MESSAGES.smsCode);
export const personNameField = z
  .string({ error: M.personNameRequired })
  .trim()
  .min(1, M.personNameRequired)
  .regex(PERSON_NAME_RE, M.personName);
const contactPhoneField = z
  .string({ error: MESSAGES.mobileRequired })
  .trim()
  .min(1, MESSAGES.mobileRequired)
  .refine((v) => isPhone(v, { allowLandline: true }), MESSAGES.phone);

export const AccountStep = z
  .object({
    username: z
      .string({ error: MESSAGES.usernameRequired })
      .trim()
      .min(1, MESSAGES.usernameRequired)
      .regex(USERNAME_RE, MESSAGES.username),
    password: passwordField,
    password_confirmation: z.string({ error: MESSAGES.passwordMismatch }),
    phone: mobileField,
    code: smsCodeField,
  })
  .refine((f) => f.password === f.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES.passwordMismatch,
  });

export const CompanyStep = z.object({
  company_name: z
    .string({ error: M.companyNameRequired })
    .trim()
    .min(1, M.companyNameRequired)
    .regex(COMPANY_NAME_RE, M.companyName),
  company_type: z.enum(COMPANY_TYPES, { error: M.companyType }),
  province: z.enum(PROVINCES, { error: M.province }),
  city: text(M.cityRequired, 30),
  district: z.string().trim().max(30, '区县名称过长').default(''),
  address: text(M.addressRequired, 120, '详细地址最多120个字'),
  contact_name: personNameField,
  contact_phone: contactPhoneField,
  invited_code: z
    .string()
    .trim()
    .max(20, '邀请码不正确')
    .regex(/^[A-Za-z0-9]*$/, '邀请码不正确')
    .default(''),
});

export const RegisterForm = z.intersection(AccountStep, CompanyStep);
export type RegisterInput = z.output<typeof RegisterForm>;

export const AddressForm = z.object({
  consignee: personNameField,
  phone: contactPhoneField,
  province: z.enum(PROVINCES, { error: M.province }),
  city: text(M.cityRequired, 30),
  district: z.string().trim().max(30, '区县名称过长').default(''),
  detail: text(M.addressRequired, 120, '详细地址最多120个字'),
  is_default: z
    .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.boolean()])
    .optional()
    .transform((v) => v === '1' || v === 'true' || v === true),
});
export type AddressInput = z.output<typeof AddressForm>;
