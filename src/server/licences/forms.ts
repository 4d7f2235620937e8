// The licence desk's forms (zod): the queue's filter and the review.
import { z } from 'zod';
import { DRUG_CLASSES } from '#/lib/drugClass.ts';
import { pageParam, perPageParam } from '#/server/http/validate.ts';

export const LICENCE_TABS = ['pending', 'approved', 'rejected', 'expiring'] as const;
export type LicenceTab = (typeof LICENCE_TABS)[number];

export const LicenceQuery = z.object({
  state: z.enum(LICENCE_TABS, { error: '证件状态不正确' }).default('pending'),
  q: z.string().trim().max(40, '关键字最多40个字').default(''),
  page: pageParam,
  per_page: perPageParam(100, 30),
});
export type LicenceFilter = z.output<typeof LicenceQuery>;

/** `jyfw[]=a&jyfw[]=b`, `jyfw=a,b` or `jyfw[0]=a`: one list; absent stays absent. */
const scopeList = (v: unknown) => {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v.split(',').filter(Boolean);
  if (v && typeof v === 'object' && !Array.isArray(v)) return Object.values(v);
  return v;
};

export const ReviewForm = z
  .object({
    state: z.enum(['approved', 'rejected'], { error: '请选择审核结果' }),
    remark: z
      .string({ error: '审核意见不正确' })
      .trim()
      .max(200, '审核意见最多200个字')
      .default(''),
    /** 经营范围 granted with the approval of the store's required licence. */
    jyfw: z.preprocess(
      scopeList,
      z
        .array(z.enum(DRUG_CLASSES, { error: '经营范围不正确' }), { error: '经营范围不正确' })
        .min(1, '请至少选择一项经营范围')
        .max(DRUG_CLASSES.length, '经营范围不正确')
        .transform((list) => [...new Set(list)])
        .optional(),
    ),
  })
  .superRefine((f, ctx) => {
    if (f.state === 'rejected' && f.remark.length < 2)
      ctx.addIssue({ code: 'custom', path: ['remark'], message: '请填写驳回原因' });
  });
export type ReviewInput = z.output<typeof ReviewForm>;
