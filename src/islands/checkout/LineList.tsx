import type { ApiCartLine } from '#/lib/cartLine.ts';

/** 商品清单: the lines as the server prices them for this order. */
export default function LineList({ lines, split }: { lines: ApiCartLine[]; split: boolean }) {
  return (
    <section>
      <h2 className="mb-2 text-base font-bold">商品清单</h2>
      {split && <p className="mb-2 text-accent-500">含麻黄碱类商品将单独生成一个订单</p>}
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
    </section>
  );
}
