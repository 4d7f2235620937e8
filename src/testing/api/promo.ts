import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { created } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { assertTestHooks, createPromotion } from '#/testing/hooks.ts';

const id = z.coerce.number().int().positive();
const fen = z.coerce.number().int().min(0);
const list = <T extends z.ZodType>(t: T) =>
  z.preprocess(
    (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v),
    z.array(t).min(1),
  );
const Form = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('variant'),
    goods_id: id,
    price_kind: z.enum(['flash', 'daily_special', 'near_expiry', 'yj']),
    price: fen,
    user_limit: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce.number().int().min(0).nullable(),
    ),
    starts_in: z.coerce.number().int().default(-60),
    ends_in: z.coerce.number().int().default(86_400),
    lot_id: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce.number().int().positive().nullable(),
    ),
  }),
  z.object({
    kind: z.literal('combination'),
    name: z.string().min(1),
    pack_price: fen,
    items: list(z.object({ goods_id: id, number: id })),
  }),
  z.object({
    kind: z.literal('gift'),
    goods_id: id,
    gift_name: z.string().min(1),
    buy_number: id,
    gift_number: id,
  }),
  z.object({
    kind: z.literal('manjian'),
    name: z.string().min(1),
    tiers: list(z.object({ amount: fen, reduce: fen })),
    goods_ids: list(id),
  }),
]);

// Test hook (YAOPI_TEST_HOOKS=1 only): a promotion on a test's own goods, so tests do not lean on the seed.
export const POST = api(async ({ request }) => {
  assertTestHooks();
  const f = parseWith(Form, await readForm(request));
  const made =
    f.kind === 'variant'
      ? await createPromotion({
          kind: 'variant',
          goodsId: f.goods_id,
          priceKind: f.price_kind,
          price: f.price,
          userLimit: f.user_limit,
          startsIn: f.starts_in,
          endsIn: f.ends_in,
          lotId: f.lot_id,
        })
      : f.kind === 'gift'
        ? await createPromotion({
            kind: 'gift',
            goodsId: f.goods_id,
            giftName: f.gift_name,
            buyNumber: f.buy_number,
            giftNumber: f.gift_number,
          })
        : f.kind === 'combination'
          ? await createPromotion({
              kind: 'combination',
              name: f.name,
              packPrice: f.pack_price,
              items: f.items.map((i) => ({ goodsId: i.goods_id, number: i.number })),
            })
          : await createPromotion({
              kind: 'manjian',
              name: f.name,
              tiers: f.tiers,
              goodsIds: f.goods_ids,
            });
  return created({ id: made });
});
