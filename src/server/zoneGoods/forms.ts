// The zone-goods desk's forms (zod): a zone's title, banner text and window; a pick; a move.
import { z } from 'zod';
import { ACTIVITY_KINDS } from '#/server/db/schema/index.ts';
import { when } from '#/server/marketing/forms.ts';
import { titleField } from '#/server/http/validate.ts';

const zoneFields = {
  title: titleField,
  intro: z
    .string()
    .trim()
    .max(60, '说明最多60个字')
    .refine((s) => !/[<>\u0000-\u001f]/.test(s), '说明含有不允许的字符')
    .default(''),
  starts_at: when('开始时间'),
  ends_at: when('结束时间'),
};

export const ZoneUpdateForm = z.object(zoneFields);
export const ZoneCreateForm = z.object({
  kind: z.enum(ACTIVITY_KINDS, { error: '请选择专区类型' }),
  ...zoneFields,
});

export const ZoneGoodsAddForm = z.object({
  goods_id: z.coerce
    .number({ error: '请填写商品编号' })
    .int('商品编号不正确')
    .positive('商品编号不正确'),
});
export const ZoneGoodsMoveForm = z.object({
  to: z.enum(['up', 'down'], { error: '请选择上移或下移' }),
});
