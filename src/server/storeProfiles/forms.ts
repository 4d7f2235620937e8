// The store desk's forms (zod): the list's filters and each part of a store's profile. Money
// arrives in yuan and becomes fen here.
import { z } from 'zod';
import { yuanToFen } from '#/lib/money.ts';
import { MEMBER_RANKS } from '#/lib/rankPrice.ts';
import { COMPANY_TYPE_LABELS, isPhone, PERSON_NAME_RE, PROVINCES } from '#/lib/validation.ts';
import { COMPANY_TYPES } from '#/server/db/schema/index.ts';
import { idParam, pageParam, perPageParam } from '#/server/http/validate.ts';

/** ¥20,000,000: within the wallet's integer column. */
export const MAX_CREDIT_FEN = 2_000_000_000;

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

export const StoreQuery = z.object({
  q: z.string().trim().max(40, '关键字最多40个字').default(''),
  type: z.preprocess(
    emptyAsUndefined,
    z.enum(COMPANY_TYPES, { error: '门店类型不正确' }).optional(),
  ),
  province: z.preprocess(emptyAsUndefined, z.enum(PROVINCES, { error: '省份不正确' }).optional()),
  passed: z.preprocess(
    emptyAsUndefined,
    z.enum(['1', '0'], { error: '认证状态不正确' }).optional(),
  ),
  page: pageParam,
  per_page: perPageParam(100, 30),
});
export type StoreFilter = z.output<typeof StoreQuery>;

const flag = z.enum(['0', '1'], { error: '请选择是或否' }).transform((v) => v === '1');

/** The reviewer's part: who the store is. `admin_id` = a contact's id, or `new` with its fields. */
export const ProfileForm = z
  .object({
    type: z.enum(COMPANY_TYPES, {
      error: `门店类型须为${Object.values(COMPANY_TYPE_LABELS).join('、')}之一`,
    }),
    province: z.enum(PROVINCES, { error: '请选择所在省份' }),
    city: z
      .string({ error: '请填写所在城市' })
      .trim()
      .min(2, '请填写所在城市')
      .max(20, '城市最多20个字'),
    rank: z.coerce
      .number({ error: '价格等级不正确' })
      .int('价格等级不正确')
      .min(MEMBER_RANKS[0], '价格等级不正确')
      .max(MEMBER_RANKS.at(-1)!, '价格等级不正确'),
    admin_id: z.union([z.literal('new'), idParam], { error: '请选择专属客服' }),
    admin_name: z.string().trim().default(''),
    admin_phone: z.string().trim().default(''),
    admin_phone_1: z.string().trim().default(''),
    is_can_chat: flag,
  })
  .transform((f, ctx) => {
    const { admin_id, admin_name, admin_phone, admin_phone_1, ...rest } = f;
    if (admin_id !== 'new') return { ...rest, admin: { id: admin_id } as const };
    if (!PERSON_NAME_RE.test(admin_name))
      ctx.addIssue({
        code: 'custom',
        path: ['admin_name'],
        message: '请填写专属客服姓名（2-20个字）',
      });
    for (const [path, value, label, required] of [
      ['admin_phone', admin_phone, '客服电话', true],
      ['admin_phone_1', admin_phone_1, '备用电话', false],
    ] as const)
      if ((required || value) && !isPhone(value, { allowLandline: true }))
        ctx.addIssue({ code: 'custom', path: [path], message: `${label}格式不正确` });
    return {
      ...rest,
      admin: { id: null, name: admin_name, phone: admin_phone, phone1: admin_phone_1 } as const,
    };
  });
export type ProfileInput = z.output<typeof ProfileForm>;

/** Finance's part: the credit limit (yuan, 0 = none) and the day the monthly bill is due. */
export const CreditForm = z.object({
  credit_limit: z
    .union([z.string(), z.number()], { error: '请填写账期额度' })
    .transform((v, ctx) => {
      const fen = String(v).trim() === '' ? null : yuanToFen(v);
      if (fen === null || fen > MAX_CREDIT_FEN) {
        ctx.addIssue({ code: 'custom', message: '账期额度不正确' });
        return z.NEVER;
      }
      return fen;
    }),
  bill_day: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: '还款日不正确' })
      .int('还款日不正确')
      .min(1, '还款日须为每月1-28日')
      .max(28, '还款日须为每月1-28日')
      .nullable(),
  ),
});
export type CreditInput = z.output<typeof CreditForm>;

export const AllowListForm = z.object({
  goods_id: idParam,
  allow: flag,
});

export const ContractResetForm = z.object({
  reason: z
    .string({ error: '请填写重置原因' })
    .trim()
    .min(2, '请填写重置原因')
    .max(200, '重置原因最多200字'),
});
