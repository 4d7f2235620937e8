// One chat message as either side sees it: their own on the right, the other side's on the left,
// system lines centred. Text is rendered by React, so whatever was typed shows as text.
import type { ChatMessage } from '#/lib/chat.ts';
import { shopTimeText } from '#/lib/shopClock.ts';

interface Props {
  message: ChatMessage;
  /** who is reading */
  viewer: 'buyer' | 'staff';
  /** where this side reads pictures and opens orders */
  imageBase: string;
  orderHref: (id: number) => string;
}

const time = (iso: string) => shopTimeText(iso, { date: false, seconds: false });

function Body({ message: m, imageBase, orderHref }: Omit<Props, 'viewer'>) {
  if (m.kind === 'image' && m.image)
    return (
      <a href={`${imageBase}/${m.image}`} target="_blank" rel="noopener">
        <img
          src={`${imageBase}/${m.image}`}
          alt="聊天图片"
          className="max-h-40 max-w-48 rounded"
          loading="lazy"
        />
      </a>
    );
  if (m.card?.type === 'goods')
    return (
      <a
        href={`/list/info/${m.card.id}`}
        target="_blank"
        rel="noopener"
        className="flex w-52 gap-2 rounded border border-gray-200 bg-white p-2 text-gray-800"
        data-card="goods"
      >
        <img
          src={m.card.image || '/images/goods/general-1.svg'}
          alt=""
          width="48"
          height="48"
          className="h-12 w-12 object-contain"
        />
        <span className="min-w-0 text-xs">
          <span className="block truncate font-medium">{m.card.name}</span>
          <span className="block truncate text-gray-500">{m.card.spec}</span>
          <span className="block truncate text-gray-500">{m.card.manufacturer}</span>
        </span>
      </a>
    );
  if (m.card?.type === 'order')
    return (
      <a
        href={orderHref(m.card.id)}
        target="_blank"
        rel="noopener"
        className="block w-52 rounded border border-gray-200 bg-white p-2 text-xs text-gray-800"
        data-card="order"
      >
        <span className="block font-medium">订单 {m.card.no}</span>
        <span className="block text-gray-500">
          {m.card.status_text} · ¥{m.card.payable}
        </span>
      </a>
    );
  return <span className="whitespace-pre-wrap break-words">{m.text}</span>;
}

export function ChatBubble({ message: m, viewer, imageBase, orderHref }: Props) {
  if (m.sender === 'system')
    return (
      <li className="my-2 px-4 text-center text-xs text-gray-500" data-message={m.id}>
        {m.text}
      </li>
    );
  const mine = m.sender === viewer;
  const who = m.sender === 'staff' ? `客服${m.staff_name ? ` ${m.staff_name}` : ''}` : '我';
  return (
    <li className={`my-2 flex flex-col ${mine ? 'items-end' : 'items-start'}`} data-message={m.id}>
      <span className="mb-0.5 text-[11px] text-gray-500">
        {viewer === 'buyer' ? who : m.sender === 'buyer' ? '买家' : who} {time(m.created_at)}
      </span>
      <div
        className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${mine ? 'bg-brand-600 text-white' : 'bg-gray-100 text-gray-900'}`}
      >
        <Body message={m} imageBase={imageBase} orderHref={orderHref} />
      </div>
    </li>
  );
}
