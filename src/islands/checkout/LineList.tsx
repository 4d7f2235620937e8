import type { ApiCartLine } from '#/lib/cartLine.ts';
import type { PlannedOrder } from './useCheckout.ts';

function Lines({ lines }: { lines: ApiCartLine[] }) {
  return (
    <table className="w-full">
      <thead className="bg-gray-50 text-gray-600">
        <tr>
          <th className="p-2 text-left">商品</th>
          <th className="p-2">单价</th>
          <th className="p-2">数量</th>
          <th className="p-2">小计</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.id} className="border-b">
            <td className="p-2">
              {l.goods.name}{' '}
              <span className="text-gray-500">
                {l.goods.ypgg} · {l.goods.sccj}
              </span>
              {l.goods.is_ephedrine && <span className="ml-1 text-red-600">含麻</span>}
              {l.expiry_range && (
                <span className="block text-xs text-gray-600" data-testid="line-expiry">
                  效期至 {l.expiry_range}
                </span>
              )}
            </td>
            <td className="p-2 text-center">¥{l.price}</td>
            <td className="p-2 text-center">
              {l.number}
              {l.goods.bzdw}
            </td>
            <td className="p-2 text-center">¥{l.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 商品清单: the lines as the server prices them, grouped by the order each goes into. */
export default function LineList({
  lines,
  orders,
}: {
  lines: ApiCartLine[];
  orders: PlannedOrder[];
}) {
  if (orders.length < 2)
    return (
      <section>
        <h2 className="mb-2 text-base font-bold">商品清单</h2>
        <Lines lines={lines} />
      </section>
    );
  return (
    <section data-testid="split-orders">
      <h2 className="mb-2 text-base font-bold">商品清单</h2>
      <p className="mb-2 text-accent-500">
        含麻黄碱类商品须单独下单：本次将生成{orders.length}
        笔订单，分别计算运费；含麻订单仅支持对公转账付款。
      </p>
      {orders.map((o, i) => (
        <div key={o.kind} className="mb-3">
          <h3 className="mb-1 font-semibold">
            订单{i + 1}：{o.title}
            <span className="ml-2 font-normal text-gray-500">
              运费 ¥{o.totals.shipping_amount}，本单应付 ¥{o.totals.payable_amount}
            </span>
          </h3>
          <Lines lines={lines.filter((l) => o.line_ids.includes(l.id))} />
        </div>
      ))}
    </section>
  );
}
