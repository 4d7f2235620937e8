import { useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';
import { markCartChanged } from '#/stores/cart.ts';
import { buyingRules, checkQuantity, type QuantityRules } from '#/lib/pricing/quantity.ts';
import QuantityInput from './shared/QuantityInput.tsx';

type Row = {
  goods_id: number;
  name: string;
  spec: string;
  sccj: string;
  bzdw: string;
  times: number;
  quantity: number;
  /** stock */
  number: number;
  zbz: number;
  must_multiple: boolean;
  purchase_limit: number;
};

/** 本次数量: none (0) or what buying the goods takes. */
const rowRules = (r: Row): QuantityRules =>
  buyingRules(
    {
      stock: r.number,
      pack: r.zbz,
      mustMultiple: r.must_multiple,
      limit: r.purchase_limit,
      unit: r.bzdw,
    },
    0,
  );
type Result = {
  added: { query: string; name: string; number: number; reason?: string }[];
  failed: { query: string; reason: string }[];
  total: number;
};

/** 快捷采购: reorder from the often-bought list, or paste many "name or code + quantity" lines. */
export default function QuickBuy({ rows }: { rows: Row[] }) {
  const [qty, setQty] = useState<Record<number, string>>({});
  const checks = rows.map((r) => ({ r, c: checkQuantity(qty[r.goods_id] ?? '0', rowRules(r)) }));
  const invalid = checks.some(({ c }) => !c.ok);
  const [text, setText] = useState('');
  const [result, setResult] = useState<Result | null>(null);

  const addChosen = async () => {
    if (invalid) {
      toast('请先改正标红的数量');
      return;
    }
    const params = checks.flatMap(({ r, c }) =>
      c.ok && c.value > 0 ? [{ goods_id: r.goods_id, number: c.value }] : [],
    );
    if (params.length === 0) {
      toast('请填写要采购的数量');
      return;
    }
    try {
      const res = await api.post<{ data: { total: number } }>('/api/cart', { params });
      markCartChanged(res.data.total);
      toast('已加入购物车', 'success');
    } catch (e) {
      ignoreHandled(e);
    }
  };
  const paste = async () => {
    try {
      const res = await api.post<{ data: Result }>('/api/cart/paste', { text });
      setResult(res.data);
      markCartChanged(res.data.total);
    } catch (e) {
      ignoreHandled(e);
    }
  };

  return (
    <div className="grid grid-cols-3 gap-6 text-sm">
      <div className="col-span-2">
        <h2 className="mb-2 text-base font-bold">常购清单</h2>
        {rows.length === 0 ? (
          <p className="text-gray-500">还没有采购记录</p>
        ) : (
          <table className="w-full">
            <thead className="bg-gray-50 text-gray-600">
              <tr>
                <th className="p-2 text-left">商品</th>
                <th className="p-2">购买次数</th>
                <th className="p-2">累计数量</th>
                <th className="p-2">本次数量</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.goods_id} className="border-b">
                  <td className="p-2">
                    {r.name}{' '}
                    <span className="text-gray-500">
                      {r.spec} · {r.sccj}
                    </span>
                  </td>
                  <td className="p-2 text-center">{r.times}</td>
                  <td className="p-2 text-center">
                    {r.quantity}
                    {r.bzdw}
                  </td>
                  <td className="p-2 text-center">
                    <QuantityInput
                      text={qty[r.goods_id] ?? '0'}
                      onText={(t) => setQty((q) => ({ ...q, [r.goods_id]: t }))}
                      rules={rowRules(r)}
                      label={`${r.name}数量`}
                      stepper={false}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {rows.length > 0 && (
          <button
            type="button"
            className="mt-3 bg-accent-500 px-6 py-2 text-white"
            onClick={() => void addChosen()}
          >
            加入购物车
          </button>
        )}
      </div>
      <div>
        <h2 className="mb-2 text-base font-bold">批量录入</h2>
        <label className="block text-gray-500" htmlFor="paste">
          每行一个商品：商品名称或编码 + 空格 + 数量
        </label>
        <textarea
          id="paste"
          rows={10}
          className="mt-1 w-full border p-2"
          placeholder={'阿莫西林胶囊 10\nYP000123 5'}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="button"
          className="mt-2 bg-brand-500 px-6 py-2 text-white"
          onClick={() => void paste()}
        >
          一键加入购物车
        </button>
        {result && (
          <div className="mt-3 space-y-1" data-testid="paste-result">
            {result.added.map((a, i) => (
              <p key={`a${i}`} className="text-brand-600">
                ✓ {a.name} × {a.number}
                {a.reason ? `（${a.reason}）` : ''}
              </p>
            ))}
            {result.failed.map((f, i) => (
              <p key={`f${i}`} className="text-red-600">
                ✗ {f.query}：{f.reason}
              </p>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
