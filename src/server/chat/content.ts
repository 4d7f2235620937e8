// What a message carries, checked and made ready to store: text as typed, a picture stored
// through storage.ts, or a goods or order card.
import { CHAT_IMAGE_MAX_BYTES, CHAT_TEXT_MAX, type ChatKind } from '#/lib/chat.ts';
import { invalid } from '#/server/errors.ts';
import { accept, put } from '#/server/storage.ts';
import type { ChatCard } from '#/lib/chat.ts';
import { goodsCard, orderCard } from './cards.ts';

export type ChatContent =
  | { kind: 'text'; text: string }
  | { kind: 'image'; bytes: Uint8Array }
  | { kind: 'goods'; goodsId: number }
  | { kind: 'order'; orderId: number };

export interface StoredContent {
  kind: ChatKind;
  text: string;
  image: string | null;
  card: ChatCard | null;
}

const IMAGE_RULE = { types: ['image/jpeg', 'image/png'], maxBytes: CHAT_IMAGE_MAX_BYTES } as const;
const IMAGE_REFUSAL = {
  empty: '图片是空文件，请重新选择',
  too_large: '图片不能超过5MB',
  wrong_type: '只能发送JPG或PNG图片',
} as const;

export function checkText(text: string): string {
  if (text.trim() === '') throw invalid('text', '请输入消息内容');
  if ([...text].length > CHAT_TEXT_MAX) throw invalid('text', `消息不能超过${CHAT_TEXT_MAX}个字`);
  return text;
}

/** Checks and stores what the message carries; an order card names an order of `companyId`. */
export async function storeContent(companyId: number, c: ChatContent): Promise<StoredContent> {
  switch (c.kind) {
    case 'text':
      return { kind: 'text', text: checkText(c.text), image: null, card: null };
    case 'image': {
      const upload = accept(c.bytes, IMAGE_RULE);
      if (typeof upload === 'string') throw invalid('image', IMAGE_REFUSAL[upload]);
      await put('chat', upload);
      return { kind: 'image', text: '', image: upload.name, card: null };
    }
    case 'goods':
      return { kind: 'goods', text: '', image: null, card: await goodsCard(c.goodsId) };
    case 'order':
      return { kind: 'order', text: '', image: null, card: await orderCard(companyId, c.orderId) };
  }
}
