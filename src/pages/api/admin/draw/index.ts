import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { created } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { PROMOTION_ROLE } from '#/lib/staffRoles.ts';
import { createActivity } from '#/server/draw/activities.ts';
import { DRAW_PRIZE_KINDS } from '#/server/db/schema/index.ts';

const int = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .min(min, `${label}不正确`)
    .max(max, `${label}不正确`);
const when = (label: string) => z.coerce.date({ error: `${label}不正确` });

const Prize = z.object({
  name: z
    .string({ error: '请填写奖品名称' })
    .trim()
    .min(1, '请填写奖品名称')
    .max(50, '奖品名称最多50个字'),
  kind: z.enum(DRAW_PRIZE_KINDS, { error: '奖品类型不正确' }),
  value: int('奖品数值', 0, 100_000_000).default(0),
  threshold: int('使用门槛', 0, 100_000_000).default(0),
  valid_days: int('有效天数', 1, 3650).default(30),
  weight: int('中奖权重', 0, 1_000_000),
  stock: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    int('库存', 0, 1_000_000).nullable(),
  ),
  remarks: z.string().trim().max(100, '说明最多100个字').default(''),
});

const Form = z
  .object({
    name: z
      .string({ error: '请填写活动名称' })
      .trim()
      .min(1, '请填写活动名称')
      .max(50, '活动名称最多50个字'),
    starts_at: when('开始时间'),
    ends_at: when('结束时间'),
    daily_limit: int('每日次数', 1, 100),
    popup: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()).default(false),
    prizes: z.preprocess(
      (v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v),
      z.array(Prize, { error: '请添加奖品' }).min(1, '请添加奖品').max(20, '最多20个奖品'),
    ),
  })
  .refine((f) => f.ends_at > f.starts_at, { path: ['ends_at'], message: '结束时间须晚于开始时间' });

// The merchandiser (or admin): a new lucky-draw activity with its prizes.
export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, PROMOTION_ROLE);
  const f = parseWith(Form, await readForm(ctx.request));
  return created(
    await createActivity(
      {
        name: f.name,
        startsAt: f.starts_at,
        endsAt: f.ends_at,
        dailyLimit: f.daily_limit,
        popup: f.popup,
        prizes: f.prizes.map((p) => ({
          name: p.name,
          kind: p.kind,
          value: p.value,
          threshold: p.threshold,
          validDays: p.valid_days,
          weight: p.weight,
          stock: p.stock,
          remarks: p.remarks,
        })),
      },
      actor,
    ),
  );
});
