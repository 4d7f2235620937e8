// The chat's request shapes, read at the edge: a message is text, a picture (multipart), a goods
// card or an order card, always with the sender's client id.
import { z } from 'zod';
import { CHAT_IMAGE_MAX_BYTES, CLIENT_ID, HOUR_MINUTE } from '#/lib/chat.ts';
import { invalid } from '#/server/errors.ts';
import { readForm } from '#/server/http/form.ts';
import { readMultipart } from '#/server/http/upload.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import type { ChatContent } from './content.ts';

export const HistoryQuery = z.object({ before: idParam.optional() });

export const ReadForm = z.object({
  last_id: z.coerce.number({ error: '消息编号不正确' }).int().min(0).max(1e15),
});

export const TransferForm = z.object({ staff_id: idParam });

export const ConversationsQuery = z.object({
  view: z.enum(['active', 'closed']).default('active'),
});

export const GoodsSearchQuery = z.object({
  q: z
    .string({ error: '请输入商品名称或编码' })
    .trim()
    .min(1, '请输入商品名称或编码')
    .max(40, '最多40个字'),
});

export const HoursForm = z
  .object({
    open: z.string({ error: '请填写开始时间' }).regex(HOUR_MINUTE, '时间格式为HH:MM'),
    close: z.string({ error: '请填写结束时间' }).regex(HOUR_MINUTE, '时间格式为HH:MM'),
  })
  .refine((h) => h.open !== h.close, { path: ['close'], message: '结束时间不能与开始时间相同' });

const clientId = z.string({ error: '缺少消息编号' }).regex(CLIENT_ID, '消息编号不正确');

const MessageForm = z
  .object({
    client_id: clientId,
    text: z.string().optional(),
    goods_id: idParam.optional(),
    order_id: idParam.optional(),
  })
  .refine((f) => [f.text, f.goods_id, f.order_id].filter((v) => v !== undefined).length === 1, {
    path: ['text'],
    message: '请输入消息内容',
  });

/** A message body: multipart with `image`, or form/JSON with `text`, `goods_id` or `order_id`. */
export async function readMessage(
  request: Request,
): Promise<{ clientId: string; content: ChatContent }> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const form = await readMultipart(request, CHAT_IMAGE_MAX_BYTES + 64 * 1024, '图片不能超过5MB');
    const id = parseWith(z.object({ client_id: clientId }), {
      client_id: form.get('client_id') ?? undefined,
    });
    const file = form.get('image');
    if (!(file instanceof File)) throw invalid('image', '请选择要发送的图片');
    return {
      clientId: id.client_id,
      content: { kind: 'image', bytes: new Uint8Array(await file.arrayBuffer()) },
    };
  }
  const f = parseWith(MessageForm, await readForm(request, 16 * 1024));
  const content: ChatContent =
    f.goods_id !== undefined
      ? { kind: 'goods', goodsId: f.goods_id }
      : f.order_id !== undefined
        ? { kind: 'order', orderId: f.order_id }
        : { kind: 'text', text: f.text ?? '' };
  return { clientId: f.client_id, content };
}
