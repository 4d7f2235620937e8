import { type ReactNode, type SubmitEvent, useState } from 'react';
import { MEMBER_RANKS } from '#/lib/rankPrice.ts';
import { api, ApiError, ignoreHandled } from '#/client/api.ts';
import { TAG_LABELS } from '#/lib/constants.ts';
import { DRUG_CLASS_LABEL } from '#/lib/drugClass.ts';
import { COMPANY_TYPE_LABELS, PROVINCES } from '#/lib/validation.ts';
import { toast } from '#/stores/notice.ts';
import { ImageUpload } from './ImageUpload.tsx';
import { StaffForm } from './StaffForm.tsx';
import { useStaffPost } from './useStaffPost.ts';

const box = 'h-8 rounded border border-gray-300 px-2';
const primary = 'h-8 rounded bg-brand-600 px-4 text-white hover:bg-brand-700 disabled:opacity-50';

type LadderTier = { min_number: string; price: string };

export type GoodsDraft = {
  id: number | null;
  version: number;
  code: string;
  erp_code: string;
  name: string;
  trade_name: string;
  spec: string;
  manufacturer: string;
  approval_no: string;
  drug_class: string;
  bzdw: string;
  inner_pack: string;
  case_qty: string;
  must_multiple: boolean;
  category_id: string;
  brand_id: string;
  base_price: string;
  /** 会员等级价 by rank ("v2" → "12.50"); empty = the base price */
  rank_prices: Record<string, string>;
  ladder: LadderTier[];
  tags: string[];
  is_ephedrine: boolean;
  purchase_limit: string;
  is_controlled: boolean;
  controlled_regions: string[];
  controlled_types: string[];
  is_free_shipping: boolean;
  free_shipping_number: string;
  is_buy: boolean;
  description: string;
};

type Choices = {
  categories: { id: number; name: string; children: { id: number; name: string }[] }[];
  brands: { id: number; name: string }[];
};

function Row({
  label,
  error,
  children,
}: {
  label: string;
  error?: string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-[8rem_1fr] items-start gap-2">
      <span className="pt-1.5 text-right text-gray-600">{label}</span>
      <span className="flex flex-wrap items-center gap-2">
        {children}
        {error && (
          <span role="alert" className="w-full text-red-600">
            {error[0]}
          </span>
        )}
      </span>
    </div>
  );
}

function Checks(p: {
  label: string;
  options: readonly (readonly [string, string])[];
  value: string[];
  onChange: (v: string[]) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-x-3 gap-y-1" aria-label={p.label}>
      {p.options.map(([v, l]) => (
        <label key={v} className="flex items-center gap-1">
          <input
            type="checkbox"
            className="h-6 w-6"
            checked={p.value.includes(v)}
            onChange={(e) =>
              p.onChange(e.target.checked ? [...p.value, v] : p.value.filter((x) => x !== v))
            }
          />
          {l}
        </label>
      ))}
    </fieldset>
  );
}

/** The plain text fields, one row each: field, label, input width. */
const TEXT_ROWS: [keyof GoodsDraft, string, string?][] = [
  ['name', '通用名'],
  ['trade_name', '商品名'],
  ['spec', '规格'],
  ['manufacturer', '生产厂家', 'w-80'],
];

/** Every field of one goods; a new goods (id null) is created, an existing one saved over its version. */
export function GoodsEditor({ initial, choices }: { initial: GoodsDraft; choices: Choices }) {
  const [f, setF] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [stale, setStale] = useState<number | null>(null);
  const set = <K extends keyof GoodsDraft>(k: K, v: GoodsDraft[K]) =>
    setF((s) => ({ ...s, [k]: v }));
  const input = (k: keyof GoodsDraft, label: string, width = 'w-64', extra = {}) => (
    <input
      className={`${box} ${width}`}
      name={k}
      aria-label={label}
      value={String(f[k])}
      onChange={(e) => set(k, e.target.value as never)}
      {...extra}
    />
  );
  const check = (k: keyof GoodsDraft, label: string) => (
    <label className="flex items-center gap-1">
      <input
        type="checkbox"
        className="h-6 w-6"
        name={k}
        checked={Boolean(f[k])}
        onChange={(e) => set(k, e.target.checked as never)}
      />
      {label}
    </label>
  );
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    const { id, ...body } = f;
    try {
      const res = await api.post<{ data: { id: number } }>(
        id ? `/api/admin/goods/${id}` : '/api/admin/goods',
        body,
      );
      toast(id ? '商品已保存' : '商品已创建', 'success');
      location.assign(`/admin/goods/${res.data.id}`);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError) {
        const data = error.data as { errors?: Record<string, string[]>; current_version?: number };
        setErrors(data?.errors ?? {});
        if (error.status === 409 && data?.current_version) setStale(data.current_version);
      }
      ignoreHandled(error);
    }
  };
  const ladder = f.ladder;
  const tierInput = (i: number, k: keyof LadderTier, label: string, width: string) => (
    <input
      className={`${box} ${width} text-right`}
      aria-label={`第${i + 1}档${label}`}
      value={ladder[i]![k]}
      onChange={(e) =>
        set(
          'ladder',
          ladder.map((x, j) => (j === i ? { ...x, [k]: e.target.value } : x)),
        )
      }
    />
  );
  return (
    <StaffForm
      onSubmit={submit}
      aria-label="商品资料"
      className="space-y-2 text-sm"
      data-testid="goods-form"
    >
      {stale && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-2 text-amber-800">
          该商品已被他人修改（当前版本 {stale}，您编辑的是版本 {f.version}）。
          <a className="text-brand-700 underline" href={location.pathname}>
            刷新查看最新内容
          </a>
        </p>
      )}
      <Row label="商品编码" error={errors['code']}>
        {input('code', '商品编码', 'w-40')}
        <span className="text-gray-600">ERP编码</span>
        {input('erp_code', 'ERP编码', 'w-40')}
      </Row>
      {TEXT_ROWS.map(([k, label, width]) => (
        <Row key={k} label={label} error={errors[k]}>
          {input(k, label, width)}
        </Row>
      ))}
      <Row label="药品分类" error={errors['drug_class']}>
        <select
          className={box}
          name="drug_class"
          aria-label="药品分类"
          value={f.drug_class}
          onChange={(e) => set('drug_class', e.target.value)}
        >
          {Object.entries(DRUG_CLASS_LABEL).map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </Row>
      <Row label="批准文号" error={errors['approval_no']}>
        {input('approval_no', '批准文号', 'w-64', { placeholder: '国药准字H20013035' })}
      </Row>
      <Row label="类目 / 品牌" error={errors['category_id'] ?? errors['brand_id']}>
        <select
          className={box}
          name="category_id"
          aria-label="类目"
          value={f.category_id}
          onChange={(e) => set('category_id', e.target.value)}
        >
          <option value="">请选择类目</option>
          {choices.categories.map((t) => (
            <optgroup key={t.id} label={t.name}>
              {t.children.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <select
          className={box}
          name="brand_id"
          aria-label="品牌"
          value={f.brand_id}
          onChange={(e) => set('brand_id', e.target.value)}
        >
          <option value="">无品牌</option>
          {choices.brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </Row>
      <Row
        label="包装"
        error={
          errors['bzdw'] ?? errors['inner_pack'] ?? errors['case_qty'] ?? errors['must_multiple']
        }
      >
        <span>单位</span>
        {input('bzdw', '包装单位', 'w-16')}
        <span>中包装</span>
        {input('inner_pack', '中包装', 'w-20', { inputMode: 'numeric' })}
        <span>件装量</span>
        {input('case_qty', '件装量', 'w-20', { inputMode: 'numeric' })}
        {check('must_multiple', '须按中包装倍数购买')}
      </Row>
      <Row label="基础单价（元）" error={errors['base_price']}>
        {input('base_price', '基础单价', 'w-28 text-right', { inputMode: 'decimal' })}
      </Row>
      <Row
        label="会员等级价（元）"
        error={
          errors['rank_prices'] ??
          MEMBER_RANKS.map((r) => errors[`rank_prices.v${r}`]).find(Boolean)
        }
      >
        {MEMBER_RANKS.map((r) => (
          <label key={r} className="flex items-center gap-1">
            V{r}
            <input
              className={`${box} w-24 text-right`}
              name={`rank_prices[v${r}]`}
              aria-label={`V${r}会员价`}
              inputMode="decimal"
              placeholder="同基础价"
              value={f.rank_prices[`v${r}`] ?? ''}
              onChange={(e) => set('rank_prices', { ...f.rank_prices, [`v${r}`]: e.target.value })}
            />
          </label>
        ))}
      </Row>
      <Row label="阶梯价" error={errors['ladder']}>
        <span className="flex w-full flex-col gap-1">
          {ladder.map((_, i) => (
            <span key={i} className="flex items-center gap-2">
              满{tierInput(i, 'min_number', '起购数量', 'w-20')}
              {f.bzdw}，每{f.bzdw || '件'}
              {tierInput(i, 'price', '单价', 'w-24')}元
              <button
                type="button"
                className="min-h-6 text-red-600 hover:underline"
                onClick={() =>
                  set(
                    'ladder',
                    ladder.filter((_, j) => j !== i),
                  )
                }
              >
                删除
              </button>
            </span>
          ))}
          {ladder.length < 5 && (
            <button
              type="button"
              className="min-h-6 self-start text-brand-700 hover:underline"
              onClick={() => set('ladder', [...ladder, { min_number: '', price: '' }])}
            >
              ＋ 添加一档
            </button>
          )}
        </span>
      </Row>
      <Row label="标签 / 专区" error={errors['tags']}>
        <Checks
          label="标签"
          options={TAG_LABELS.map((t) => [t, t] as const)}
          value={f.tags}
          onChange={(v) => set('tags', v)}
        />
      </Row>
      <Row label="含麻黄碱" error={errors['purchase_limit']}>
        {check('is_ephedrine', '含麻黄碱类')}
        <span>单笔限购</span>
        {input('purchase_limit', '单笔限购', 'w-20', { inputMode: 'numeric' })}
        <span className="text-gray-500">0 为不限</span>
      </Row>
      <Row label="控销" error={errors['controlled_regions'] ?? errors['controlled_types']}>
        {check('is_controlled', '控销商品（仅规则内的客户可见可购）')}
        {f.is_controlled && (
          <span className="flex w-full flex-col gap-1 rounded border border-gray-200 p-2">
            <span className="text-gray-600">客户类型（不选为不限）</span>
            <Checks
              label="控销客户类型"
              options={Object.entries(COMPANY_TYPE_LABELS)}
              value={f.controlled_types}
              onChange={(v) => set('controlled_types', v)}
            />
            <span className="text-gray-600">地区（不选为不限）</span>
            <Checks
              label="控销地区"
              options={PROVINCES.map((p) => [p, p] as const)}
              value={f.controlled_regions}
              onChange={(v) => set('controlled_regions', v)}
            />
          </span>
        )}
      </Row>
      <Row label="包邮" error={errors['free_shipping_number']}>
        {check('is_free_shipping', '满数量包邮')}
        <span>满</span>
        {input('free_shipping_number', '包邮数量', 'w-20', { inputMode: 'numeric' })}
        <span>{f.bzdw}</span>
      </Row>
      <Row label="上架">{check('is_buy', '在售（下架后买家不能购买）')}</Row>
      <Row label="商品说明" error={errors['description']}>
        <textarea
          className="h-24 w-full rounded border border-gray-300 p-2"
          name="description"
          aria-label="商品说明"
          value={f.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </Row>
      <div className="ml-[8.5rem] flex items-center gap-3">
        <button type="submit" disabled={busy} className={primary}>
          {f.id ? '保存商品' : '创建商品'}
        </button>
        {f.id && <span className="text-gray-500">版本 {f.version}</span>}
      </div>
    </StaffForm>
  );
}

type LotView = {
  id: number;
  batch_no: string;
  produced_on: string;
  expires_on: string;
  stock: number;
};

/** The goods' lots: a new lot, and each lot's counted stock and dates. */
export function LotEditor({ goodsId, lots }: { goodsId: number; lots: LotView[] }) {
  const { busy, post } = useStaffPost();
  const empty = { batch_no: '', produced_on: '', expires_on: '', stock: '' };
  const [draft, setDraft] = useState(empty);
  const [counts, setCounts] = useState<Record<number, string>>({});
  const save = (body: object, done: string) => post(`/api/admin/goods/${goodsId}/lots`, body, done);
  const add = (e: SubmitEvent) => {
    e.preventDefault();
    void save(draft, '批号已添加');
  };
  const cell = 'px-2 py-1';
  return (
    <div className="space-y-2 text-sm">
      <table className="w-full border-collapse text-xs" data-testid="lot-table">
        <thead className="bg-gray-50 text-left text-gray-600">
          <tr>
            <th className={cell}>批号</th>
            <th className={cell}>生产日期</th>
            <th className={cell}>有效期至</th>
            <th className={`${cell} text-right`}>库存</th>
            <th className={cell}>盘点</th>
          </tr>
        </thead>
        <tbody>
          {lots.map((l) => (
            <tr key={l.id} className="border-t border-gray-200" data-lot={l.batch_no}>
              <td className={`${cell} font-mono`}>{l.batch_no}</td>
              <td className={cell}>{l.produced_on}</td>
              <td className={cell}>{l.expires_on}</td>
              <td className={`${cell} text-right`}>{l.stock}</td>
              <td className={cell}>
                <StaffForm
                  className="flex gap-1"
                  aria-label={`批号${l.batch_no}盘点`}
                  onSubmit={(e) => {
                    e.preventDefault();
                    void save(
                      {
                        id: l.id,
                        batch_no: l.batch_no,
                        produced_on: l.produced_on,
                        expires_on: l.expires_on,
                        stock: counts[l.id] ?? String(l.stock),
                      },
                      '库存已更新',
                    );
                  }}
                >
                  <input
                    className="h-7 w-20 rounded border border-gray-300 px-1 text-right"
                    aria-label={`批号${l.batch_no}实盘数量`}
                    inputMode="numeric"
                    value={counts[l.id] ?? String(l.stock)}
                    onChange={(e) => setCounts((c) => ({ ...c, [l.id]: e.target.value }))}
                  />
                  <button type="submit" disabled={busy} className="text-brand-700 hover:underline">
                    更新
                  </button>
                </StaffForm>
              </td>
            </tr>
          ))}
          {lots.length === 0 && (
            <tr>
              <td colSpan={5} className="px-2 py-3 text-center text-gray-500">
                尚无批号，买家看到的库存为 0
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <StaffForm
        onSubmit={add}
        aria-label="新增批号"
        className="flex flex-wrap items-end gap-2"
        data-testid="lot-form"
      >
        {(
          [
            ['batch_no', '批号', 'text', 'w-32'],
            ['produced_on', '生产日期', 'date', 'w-36'],
            ['expires_on', '有效期至', 'date', 'w-36'],
            ['stock', '库存', 'text', 'w-20'],
          ] as const
        ).map(([k, label, type, width]) => (
          <label key={k} className="flex flex-col text-xs text-gray-600">
            {label}
            <input
              className={`${box} ${width}`}
              type={type}
              name={k}
              value={draft[k]}
              onChange={(e) => setDraft((d) => ({ ...d, [k]: e.target.value }))}
            />
          </label>
        ))}
        <button type="submit" disabled={busy} className={primary}>
          添加批号
        </button>
      </StaffForm>
    </div>
  );
}

/** The goods' photos: upload (JPG/PNG/WebP, resized on the server) and remove; the first is the main one. */
export function ImageEditor({ goodsId, images }: { goodsId: number; images: string[] }) {
  const { busy, act } = useStaffPost();
  return (
    <div className="space-y-2 text-sm">
      <ul className="flex flex-wrap gap-2" data-testid="goods-images">
        {images.map((src, i) => (
          <li key={src} className="flex flex-col items-center gap-1">
            <img
              src={src}
              alt={i === 0 ? '主图' : `图片${i + 1}`}
              width={96}
              height={96}
              className="h-24 w-24 border border-gray-200 object-contain"
            />
            <button
              type="button"
              disabled={busy}
              className="min-h-6 text-xs text-red-600 hover:underline"
              onClick={() =>
                void act(
                  () => api.delete(`/api/admin/goods/${goodsId}/images`, { url: src }),
                  '图片已删除',
                )
              }
            >
              删除{i === 0 ? '主图' : ''}
            </button>
          </li>
        ))}
        {images.length === 0 && <li className="text-gray-500">暂无图片</li>}
      </ul>
      <ImageUpload
        action={`/api/admin/goods/${goodsId}/images`}
        note="JPG、PNG 或 WebP，不超过5MB，最多6张；服务器统一缩放为640像素以内。"
        disabled={busy}
      />
    </div>
  );
}
