import { type ReactNode, type SubmitEvent, useState } from 'react';
import { COMPANY_TYPE_LABELS, PROVINCES } from '#/lib/validation.ts';
import { confirmDialog } from '#/stores/notice.ts';
import { StaffForm } from './StaffForm.tsx';
import { useStaffPost } from './useStaffPost.ts';

const box = 'h-8 rounded border border-gray-300 px-2';
const primary = 'h-8 rounded bg-brand-600 px-4 text-white hover:bg-brand-700 disabled:opacity-50';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="grid grid-cols-[7rem_1fr] items-center gap-2">
      <span className="text-right text-gray-600">{label}</span>
      <span className="flex flex-wrap items-center gap-2">{children}</span>
    </label>
  );
}

type Admin = { id: number; name: string; phone: string; phone_1: string };

/** The reviewer's part of a store: type, region, rank, dedicated service contact and chat. */
export function StoreProfileForm(p: {
  id: number;
  type: string;
  province: string;
  city: string;
  rank: number;
  ranks: readonly number[];
  adminId: number | null;
  admins: Admin[];
  isCanChat: boolean;
  loginStores: number;
}) {
  const { busy, post } = useStaffPost();
  const [f, setF] = useState({
    type: p.type,
    province: p.province,
    city: p.city,
    rank: String(p.rank),
    admin_id: p.adminId ? String(p.adminId) : '',
    admin_name: '',
    admin_phone: '',
    admin_phone_1: '',
    is_can_chat: p.isCanChat,
  });
  const set = (k: keyof typeof f, v: string | boolean) => setF((s) => ({ ...s, [k]: v }));
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    void post(
      `/api/admin/stores/${p.id}`,
      { ...f, is_can_chat: f.is_can_chat ? '1' : '0' },
      '门店资料已保存',
    );
  };
  return (
    <StaffForm onSubmit={submit} aria-label="门店资料" className="space-y-2 text-sm">
      <Row label="门店类型">
        <select className={box} value={f.type} onChange={(e) => set('type', e.target.value)}>
          {Object.entries(COMPANY_TYPE_LABELS).map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
        {f.type !== p.type && (
          <span className="text-amber-700">改变类型后，所需资质随之改变，认证状态将重新判定</span>
        )}
      </Row>
      <Row label="所在地区">
        <select
          className={box}
          value={f.province}
          onChange={(e) => set('province', e.target.value)}
          aria-label="省份"
        >
          {PROVINCES.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
        <input
          className={`${box} w-32`}
          value={f.city}
          onChange={(e) => set('city', e.target.value)}
          aria-label="城市"
        />
      </Row>
      <Row label="价格等级">
        <select className={box} value={f.rank} onChange={(e) => set('rank', e.target.value)}>
          {p.ranks.map((r) => (
            <option key={r} value={r}>
              {r}级
            </option>
          ))}
        </select>
      </Row>
      <Row label="专属客服">
        <select
          className={box}
          value={f.admin_id}
          onChange={(e) => set('admin_id', e.target.value)}
        >
          {!p.adminId && <option value="">（未分配）</option>}
          {p.admins.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} {a.phone}
              {a.phone_1 && ` / ${a.phone_1}`}
            </option>
          ))}
          <option value="new">新增专属客服…</option>
        </select>
      </Row>
      {f.admin_id === 'new' && (
        <div className="ml-[7.5rem] flex flex-wrap gap-2">
          <input
            className={`${box} w-24`}
            placeholder="姓名"
            value={f.admin_name}
            onChange={(e) => set('admin_name', e.target.value)}
            aria-label="客服姓名"
          />
          <input
            className={`${box} w-36`}
            placeholder="电话"
            value={f.admin_phone}
            onChange={(e) => set('admin_phone', e.target.value)}
            aria-label="客服电话"
          />
          <input
            className={`${box} w-36`}
            placeholder="备用电话（可选）"
            value={f.admin_phone_1}
            onChange={(e) => set('admin_phone_1', e.target.value)}
            aria-label="客服备用电话"
          />
        </div>
      )}
      <Row label="在线客服">
        <input
          type="checkbox"
          checked={f.is_can_chat}
          onChange={(e) => set('is_can_chat', e.target.checked)}
          aria-label="允许使用在线客服"
        />
        <span className="text-gray-500">
          允许使用在线客服
          {p.loginStores > 1 && `（登录账号的设置，对该账号的 ${p.loginStores} 家门店同时生效）`}
        </span>
      </Row>
      <div className="ml-[7.5rem]">
        <button type="submit" disabled={busy} className={primary}>
          保存资料
        </button>
      </div>
    </StaffForm>
  );
}

/** Finance's part: credit limit (yuan) and the day of the month bills are due. */
export function StoreCreditForm(p: { id: number; limit: string; billDay: number | null }) {
  const { busy, post } = useStaffPost();
  const [limit, setLimit] = useState(p.limit);
  const [billDay, setBillDay] = useState(p.billDay ? String(p.billDay) : '');
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    void post(
      `/api/admin/stores/${p.id}/credit`,
      { credit_limit: limit, bill_day: billDay },
      '账期已保存',
    );
  };
  return (
    <StaffForm onSubmit={submit} aria-label="账期" className="space-y-2 text-sm">
      <Row label="账期额度（元）">
        <input
          className={`${box} w-32 text-right`}
          inputMode="decimal"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          aria-label="账期额度"
        />
      </Row>
      <Row label="还款日">
        <select
          className={box}
          value={billDay}
          onChange={(e) => setBillDay(e.target.value)}
          aria-label="还款日"
        >
          <option value="">次月月末</option>
          {Array.from({ length: 28 }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              次月{i + 1}日
            </option>
          ))}
        </select>
      </Row>
      <div className="ml-[7.5rem]">
        <button type="submit" disabled={busy} className={primary}>
          保存账期
        </button>
      </div>
    </StaffForm>
  );
}

type Goods = { id: number; name: string; spec: string };

/** The controlled goods this store may buy whatever its region and type. */
export function StoreAllowList(p: { id: number; allowed: Goods[]; choices: Goods[] }) {
  const { busy, post } = useStaffPost();
  const [goodsId, setGoodsId] = useState('');
  const send = (id: number | string, allow: boolean) =>
    post(
      `/api/admin/stores/${p.id}/allow_list`,
      { goods_id: id, allow: allow ? '1' : '0' },
      allow ? '已加入白名单' : '已移出白名单',
    );
  const add = (e: SubmitEvent) => {
    e.preventDefault();
    void send(goodsId, true);
  };
  return (
    <div className="space-y-2 text-sm">
      <ul className="divide-y rounded border border-gray-200" data-testid="allow-list">
        {p.allowed.map((g) => (
          <li key={g.id} className="flex items-center justify-between px-2 py-1">
            <span>
              <span className="font-mono text-gray-500">#{g.id}</span> {g.name}{' '}
              <span className="text-gray-500">{g.spec}</span>
            </span>
            <button
              type="button"
              disabled={busy}
              onClick={() => void send(g.id, false)}
              className="text-red-700 hover:underline disabled:opacity-50"
              aria-label={`移出 ${g.name}`}
            >
              移出
            </button>
          </li>
        ))}
        {p.allowed.length === 0 && (
          <li className="px-2 py-2 text-gray-400">未加入任何控销白名单</li>
        )}
      </ul>
      <StaffForm onSubmit={add} aria-label="加入控销白名单" className="flex gap-2">
        <select
          className={`${box} min-w-0 flex-1`}
          value={goodsId}
          onChange={(e) => setGoodsId(e.target.value)}
          aria-label="控销商品"
        >
          <option value="">选择控销商品…</option>
          {p.choices.map((g) => (
            <option key={g.id} value={g.id}>
              #{g.id} {g.name} {g.spec}
            </option>
          ))}
        </select>
        <button type="submit" disabled={busy} className={primary}>
          加入白名单
        </button>
      </StaffForm>
    </div>
  );
}

/** Back to unsigned with the reason the buyer reads; they sign again before the next order. */
export function ContractReset(p: { id: number }) {
  const { busy, post } = useStaffPost();
  const [reason, setReason] = useState('');
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!(await confirmDialog('确认将电子合同重置为未签署？客户需重新签署后才能下单。'))) return;
    await post(`/api/admin/stores/${p.id}/contract/reset`, { reason }, '电子合同已重置');
  };
  return (
    <StaffForm
      onSubmit={(e) => void submit(e)}
      aria-label="重置电子合同"
      className="flex gap-2 text-sm"
    >
      <input
        className={`${box} min-w-0 flex-1`}
        placeholder="重置原因（客户可见）"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        aria-label="重置原因"
      />
      <button
        type="submit"
        disabled={busy}
        className="h-8 rounded border border-red-300 px-3 text-red-700 hover:bg-red-50 disabled:opacity-50"
      >
        重置为未签署
      </button>
    </StaffForm>
  );
}
