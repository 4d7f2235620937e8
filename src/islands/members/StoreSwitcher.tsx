// 多店管理: switch the current store; copy the current cart to other stores (POST /api/cart/copy).
import { useState } from 'react';
import { api } from '#/client/api.ts';
import type { StoreView as Store } from '#/lib/apiTypes.ts';
import { markCartChanged } from '#/stores/cart.ts';
import { toast } from '#/stores/notice.ts';
import { attempt, useHydrated } from './ui.tsx';

export default function StoreSwitcher(props: { stores: Store[] }) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [targets, setTargets] = useState<number[]>([]);
  const others = props.stores.filter((s) => !s.is_current);

  const switchTo = async (s: Store) => {
    if (!(await attempt(setBusy, () => api.post('/api/user/stores/switch', { company_id: s.id }))))
      return;
    sessionStorage.setItem('login', '1');
    location.reload();
  };
  const copyCart = async () => {
    if (targets.length === 0) {
      toast('请选择要复制到的门店', 'error');
      return;
    }
    const cart = await attempt(setBusy, () =>
      api.get<{ data: { data: { id: number }[] } }>('/api/cart/list'),
    );
    if (!cart) return;
    const ids = cart.data.data.map((l) => l.id);
    if (ids.length === 0) {
      toast('当前门店购物车为空', 'error');
      return;
    }
    if (
      await attempt(setBusy, () => api.post('/api/cart/copy', { ids, other_user_ids: targets }))
    ) {
      markCartChanged();
      toast('已复制到所选门店的购物车', 'success');
    }
  };

  return (
    <div>
      <table className="mb-6 w-full text-left" data-testid="store-table">
        <thead>
          <tr className="bg-gray-100 text-gray-600">
            <th className="p-2">门店</th>
            <th className="p-2">类型</th>
            <th className="p-2">地址</th>
            <th className="p-2">状态</th>
            <th className="p-2">操作</th>
          </tr>
        </thead>
        <tbody>
          {props.stores.map((s) => (
            <tr key={s.id} className="border-b border-gray-100">
              <td className="p-2 font-bold">{s.name}</td>
              <td className="p-2">{s.type_name}</td>
              <td className="p-2 text-gray-600">{s.address}</td>
              <td className="p-2 text-xs">
                {s.is_passed ? (
                  <span className="text-brand-600">资质已审核</span>
                ) : (
                  <span className="text-amber-600">资质审核中</span>
                )}
                {s.licence_expired && <span className="ml-2 text-red-600">证照已过期</span>}
                {!s.licence_expired && s.licence_expiring > 0 && (
                  <span className="ml-2 text-amber-600">证照即将到期</span>
                )}
                {!s.contract_signed && <span className="ml-2 text-red-600">未签合同</span>}
              </td>
              <td className="p-2">
                {s.is_current ? (
                  <span className="rounded bg-brand-500 px-2 py-0.5 text-xs text-white">
                    当前门店
                  </span>
                ) : (
                  <button
                    type="button"
                    disabled={!hydrated || busy}
                    onClick={() => switchTo(s)}
                    className="text-brand-600"
                    data-testid={`switch-${s.id}`}
                  >
                    切换到此门店
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {others.length > 0 && (
        <div className="rounded border border-gray-200 bg-white p-4">
          <h3 className="mb-3 font-bold">复制当前购物车到其他门店</h3>
          <div className="mb-3 flex flex-wrap gap-4">
            {others.map((s) => (
              <label key={s.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={targets.includes(s.id)}
                  onChange={(e) =>
                    setTargets(
                      e.target.checked ? [...targets, s.id] : targets.filter((t) => t !== s.id),
                    )
                  }
                />
                {s.name}
              </label>
            ))}
          </div>
          <button
            type="button"
            disabled={!hydrated || busy}
            onClick={copyCart}
            className="rounded bg-brand-500 px-4 py-2 text-white"
          >
            复制购物车
          </button>
        </div>
      )}
    </div>
  );
}
