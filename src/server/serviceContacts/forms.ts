// The dedicated service contacts' form (zod): a contact's name and numbers, whether new stores get
// it, and the staff login that answers its stores' chats.
import { z } from 'zod';
import { isPhone, PERSON_NAME_RE } from '#/lib/validation.ts';

const phone = (label: string, required: boolean) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .default('')
    .superRefine((v, ctx) => {
      if (v === '' && required) ctx.addIssue({ code: 'custom', message: `请填写${label}` });
      else if (v !== '' && !isPhone(v, { allowLandline: true }))
        ctx.addIssue({
          code: 'custom',
          message: required ? `请填写正确的${label}（手机或座机）` : `${label}格式不正确`,
        });
    });

export const ServiceContactForm = z.object({
  name: z
    .string({ error: '请填写客服姓名' })
    .trim()
    .min(1, '请填写客服姓名')
    .regex(PERSON_NAME_RE, '客服姓名须为2-20个汉字或字母'),
  phone: phone('客服电话', true),
  phone_1: phone('备用电话', false),
  is_default: z
    .enum(['0', '1'], { error: '默认客服须选择是或否' })
    .default('0')
    .transform((v) => v === '1'),
  /** empty: nobody in particular answers the stores' chats */
  staff_id: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: '客服账号不正确' })
      .int('客服账号不正确')
      .positive('客服账号不正确')
      .max(2_147_483_647, '客服账号不正确')
      .nullable(),
  ),
});
export type ServiceContactInput = z.output<typeof ServiceContactForm>;
