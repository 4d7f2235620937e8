import { z } from 'zod';
import type { AddRequest } from '#/server/cart/model.ts';
import { idList, idParam } from './validate.ts';

const optId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined || v === '0' || v === 0 ? undefined : v),
  idParam.optional(),
);
export const quantity = z.coerce
  .number({ error: '购买数量不正确' })
  .int('购买数量必须是整数')
  .min(1, '购买数量最少为1')
  .max(1_000_000, '购买数量过大');
const flag = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Number(v) ? 1 : 0),
  z.number().optional(),
);

export const AddLine = z
  .object({
    goods_id: idParam,
    number: quantity,
    price: z.string().max(20).optional(),
    ck_id: z.coerce.string().max(32).optional(),
    goods_price_id: optId,
    ladder_price_id: optId,
    goods_manjian_id: optId,
    is_yj: flag,
    /** added from /welfare; the server decides whether the welfare rate applies */
    is_welfare: flag,
    type: z.preprocess(
      (v) => (v === undefined || v === '' ? undefined : Number(v)),
      z
        .union([z.literal(0), z.literal(1), z.literal(3), z.literal(2)], {
          error: '商品类型不正确',
        })
        .optional(),
    ),
  })
  .transform(
    (p): AddRequest => ({
      goodsId: p.goods_id,
      quantity: p.number,
      type: p.type,
      goodsPriceId: p.goods_price_id,
      ladderPriceId: p.ladder_price_id,
      manjianId: p.goods_manjian_id,
      welfare: p.is_welfare === 1,
      warehouseId: p.ck_id,
    }),
  );

export const AddForm = z.object({
  params: z.preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v),
    z
      .array(AddLine, { error: '请选择商品' })
      .min(1, '请选择商品')
      .max(200, '一次最多加入200种商品'),
  ),
});

export const IdsForm = z.object({ ids: idList() });
export { optId };
