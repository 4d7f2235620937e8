// The zone-goods desk's forms (zod).
import { z } from 'zod';

export const ZoneGoodsAddForm = z.object({
  goods_id: z.coerce
    .number({ error: '请填写商品编号' })
    .int('商品编号不正确')
    .positive('商品编号不正确'),
});
export const ZoneGoodsMoveForm = z.object({
  to: z.enum(['up', 'down'], { error: '请选择上移或下移' }),
});
