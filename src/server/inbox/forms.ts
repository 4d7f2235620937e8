// The inboxes' forms (zod): status filters kept in the URL, a reply, a wanted-request's arrival.
import { z } from 'zod';
import { idParam, pageParam } from '#/server/http/validate.ts';

export const WANTED_FILTERS = ['pending', 'replied', 'arrived', 'closed', 'all'] as const;
export const FEEDBACK_FILTERS = ['pending', 'replied', 'all'] as const;

export const WantedInboxQuery = z.object({
  status: z.enum(WANTED_FILTERS, { error: '状态不正确' }).default('pending'),
  page: pageParam,
});
export const FeedbackInboxQuery = z.object({
  status: z.enum(FEEDBACK_FILTERS, { error: '状态不正确' }).default('pending'),
  page: pageParam,
});

const reply = z
  .string({ error: '请填写回复内容' })
  .trim()
  .min(2, '回复至少2个字')
  .max(500, '回复最多500个字');

export const ReplyForm = z.object({ reply });

export const ArrivedForm = z.object({
  goods_id: z
    .preprocess((v) => (v === '' ? undefined : v), idParam.optional())
    .pipe(z.number({ error: '请填写到货商品编号' })),
  reply: z.string().trim().max(500, '回复最多500个字').default(''),
});
