// The back office's staff forms (zod), on the shared password rule of lib/validation.ts.
import { z } from 'zod';
import { MESSAGES, PASSWORD_RE } from '#/lib/validation.ts';
import { CaptchaFields } from '#/server/auth/guardLogin.ts';
import { STAFF_ROLES } from '#/lib/staffRoles.ts';

const roles = z
  .preprocess(
    (v) =>
      typeof v === 'string'
        ? v.split(',').filter(Boolean)
        : v && typeof v === 'object'
          ? Object.values(v)
          : v,
    z
      .array(z.enum(STAFF_ROLES, { error: '角色不正确' }), { error: '请选择角色' })
      .min(1, '请至少选择一个角色')
      .max(STAFF_ROLES.length),
  )
  .transform((r) => [...new Set(r)]);

export const StaffLoginForm = z.object({
  login: z.string({ error: '请输入登录名' }).trim().min(1, '请输入登录名').max(32, '登录名不正确'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码不正确'),
  ...CaptchaFields,
});

export const NewStaffForm = z.object({
  login: z
    .string({ error: '请输入登录名' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, '登录名为3-32位字母、数字或 _ . -，以字母开头'),
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(20, '姓名最多20个字'),
  roles,
});

const flag = z.preprocess(
  (v) =>
    v === '1' || v === 'true' || v === true
      ? true
      : v === '0' || v === 'false' || v === false
        ? false
        : v,
  z.boolean({ error: '取值不正确' }),
);

export const StaffChangeForm = z
  .object({
    name: z.string().trim().min(1, '请输入姓名').max(20, '姓名最多20个字').optional(),
    roles: roles.optional(),
    disabled: flag.optional(),
  })
  .refine((f) => f.name !== undefined || f.roles !== undefined || f.disabled !== undefined, {
    message: '请填写要修改的姓名、角色或状态',
  });

export const OwnPasswordForm = z
  .object({
    old_password: z.string({ error: '请输入当前密码' }).min(1, '请输入当前密码').max(128),
    password: z.string({ error: MESSAGES.passwordRequired }).regex(PASSWORD_RE, MESSAGES.password),
    password_confirmation: z.string({ error: '请再次输入新密码' }),
  })
  .refine((f) => f.password === f.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES.passwordMismatch,
  });

export const AuditQuery = z.object({
  staff: z.string().trim().max(32).optional(),
  entity: z.string().trim().max(40).optional(),
  entity_id: z.string().trim().max(40).optional(),
  action: z.string().trim().max(60).optional(),
  from: z.iso.date({ error: '日期格式不正确' }).optional(),
  to: z.iso.date({ error: '日期格式不正确' }).optional(),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
