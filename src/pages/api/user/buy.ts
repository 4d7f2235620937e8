import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { created, paged } from '#/server/http/respond.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { pageParam, parseWith, perPageParam } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { presentWanted, presentWantedPage } from '#/server/selfservice/present.ts';
import { addWanted, listWanted } from '#/server/selfservice/wanted.ts';
import { isPhone, MESSAGES } from '#/lib/validation.ts';
import { yuanToFen } from '#/lib/money.ts';

const MAX_PRICE_FEN = 100_000_000; // ¥1,000,000.00

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label}最多${max}个字`).default('');

const Form = z.object({
  goods_name: z
    .string({ error: '请输入商品名称' })
    .trim()
    .min(1, '请输入商品名称')
    .max(100, '商品名称最多100个字'),
  spec: text(100, '规格'),
  manufacturer: text(100, '生产厂家'),
  quantity: z.coerce
    .number({ error: '请输入求购数量' })
    .int('求购数量须为整数')
    .min(1, '求购数量至少为1')
    .max(1_000_000, '求购数量过大'),
  expected_price: z
    .string()
    .trim()
    .default('')
    .transform((v, ctx) => {
      if (v === '') return null;
      const fen = yuanToFen(v);
      if (fen === null || fen > MAX_PRICE_FEN) {
        ctx.addIssue({ code: 'custom', message: '期望价格须为不超过两位小数的金额' });
        return z.NEVER;
      }
      return fen;
    }),
  phone: z
    .string({ error: MESSAGES.mobileRequired })
    .trim()
    .min(1, MESSAGES.mobileRequired)
    .refine((v) => isPhone(v, { allowLandline: true }), MESSAGES.phone),
  remarks: text(500, '备注'),
});

const Query = z.object({ page: pageParam, per_page: perPageParam(50, 20) });

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const q = parseWith(Query, readQuery(ctx.url));
  return paged(presentWantedPage(await listWanted(user.companyId, q.page, q.per_page)));
});

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const f = parseWith(Form, await readForm(ctx.request));
  return created(
    presentWanted(
      await addWanted(user.companyId, user.accountId, {
        goodsName: f.goods_name,
        spec: f.spec,
        manufacturer: f.manufacturer,
        quantity: f.quantity,
        expectedPrice: f.expected_price,
        phone: f.phone,
        remarks: f.remarks,
      }),
    ),
  );
});
