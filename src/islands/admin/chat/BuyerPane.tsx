// Who the buyer is, beside the conversation: company, licence state, recent orders, cart.
import { groupYuan } from '#/lib/money.ts';
import type { BuyerContext } from './useDesk.ts';

export function BuyerPane({ buyer }: { buyer: BuyerContext | null }) {
  if (!buyer)
    return (
      <aside className="w-64 shrink-0 p-3 text-xs text-gray-500">选择会话后显示买家资料</aside>
    );
  const c = buyer.company;
  return (
    <aside
      aria-label="买家资料"
      className="w-64 shrink-0 overflow-y-auto border-l border-gray-200 p-3 text-xs"
      data-testid="chat-buyer"
    >
      <h2 className="mb-1 text-sm font-semibold">{c.name}</h2>
      <dl className="grid grid-cols-[4em_1fr] gap-x-2 gap-y-0.5 text-gray-700">
        <dt className="text-gray-500">类型</dt>
        <dd>{c.type_name}</dd>
        <dt className="text-gray-500">地区</dt>
        <dd>{c.region}</dd>
        <dt className="text-gray-500">联系人</dt>
        <dd>
          {c.contact} {c.phone}
        </dd>
        <dt className="text-gray-500">账号</dt>
        <dd>{c.username}</dd>
        <dt className="text-gray-500">资质</dt>
        <dd className={c.licence_ok ? 'text-green-700' : 'text-red-700'} data-testid="chat-licence">
          {c.licence_text}
        </dd>
      </dl>
      <h3 className="mb-1 mt-3 font-semibold">最近订单</h3>
      {buyer.orders.length === 0 && <p className="text-gray-400">暂无订单</p>}
      <ul>
        {buyer.orders.map((o) => (
          <li key={o.id} className="border-b border-gray-100 py-0.5">
            <a href={`/admin/orders/${o.id}`} className="font-mono text-brand-700 hover:underline">
              {o.no}
            </a>
            <span className="block text-gray-500">
              {o.status_text} · ¥{groupYuan(o.payable)}
            </span>
          </li>
        ))}
      </ul>
      <h3 className="mb-1 mt-3 font-semibold">购物车（{buyer.cart.count}）</h3>
      {buyer.cart.lines.length === 0 && <p className="text-gray-400">购物车为空</p>}
      <ul>
        {buyer.cart.lines.map((l) => (
          <li key={l.goods_id} className="truncate py-0.5">
            {l.name} {l.spec} ×{l.number}
          </li>
        ))}
      </ul>
    </aside>
  );
}
