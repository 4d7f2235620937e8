import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { created, paged } from '#/server/http/respond.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { idList, pageParam, parseWith, perPageParam } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { optId } from '#/server/http/cartSchemas.ts';
import { listOrders, ORDER_TABS } from '#/server/orders/views.ts';
import { placeOrder } from '#/server/orders/place.ts';
import { yuanToFen } from '#/lib/money.ts';

const Place = z.object({
  key: z
    .string({ error: '提交编号不正确' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '提交编号不正确'),
  ids: idList().optional(),
  address_id: optId,
  invoice_type: z.enum(['normal', 'special'], { error: '请选择发票类型' }).default('normal'),
  coupon_id: optId,
  cash_voucher_id: optId,
  remarks: z.string().trim().max(200, '备注最多200字').default(''),
  expected_amount: z
    .string()
    .optional()
    .transform((v, c) => {
      if (v === undefined || v === '') return null;
      const fen = yuanToFen(v);
      if (fen === null) {
        c.addIssue({ code: 'custom', message: '金额不正确' });
        return z.NEVER;
      }
      return fen;
    }),
});

const List = z.object({
  tab: z
    .enum(Object.keys(ORDER_TABS) as [string, ...string[]], { error: '订单状态不正确' })
    .default('all'),
  keyword: z.string().max(50, '关键字过长').default(''),
  page: pageParam,
  per_page: perPageParam(50, 10),
  ephedrine: z.enum(['0', '1']).optional(),
});

export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const f = parseWith(Place, await readForm(ctx.request));
  const r = await placeOrder(user.companyId, user.accountId, {
    key: f.key,
    ids: f.ids ?? null,
    addressId: f.address_id ?? null,
    invoiceType: f.invoice_type,
    couponId: f.coupon_id ?? null,
    cashVoucherId: f.cash_voucher_id ?? null,
    remarks: f.remarks,
    expectedFen: f.expected_amount,
  });
  return created(r);
});

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const q = parseWith(List, readQuery(ctx.url));
  return paged(
    await listOrders(user.companyId, {
      tab: q.tab,
      keyword: q.keyword,
      page: q.page,
      perPage: q.per_page,
      ephedrine: q.ephedrine === '1',
    }),
  );
});
