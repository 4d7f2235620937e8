// 收货地址: list, add, edit, delete, set default.
import { useState, type FormEvent } from 'react';
import { api } from '#/client/api.ts';
import type { AddressView as Address } from '#/lib/apiTypes.ts';
import { confirmDialog, toast } from '#/stores/notice.ts';
import { PROVINCES, checkPersonName, checkPhone } from '#/lib/validation.ts';
import {
  Field,
  PrimaryButton,
  fieldBinder,
  Select,
  TextField,
  TextInput,
  attempt,
  useHydrated,
  type Errors,
} from './ui.tsx';

type Key = 'consignee' | 'phone' | 'province' | 'city' | 'district' | 'detail';
const EMPTY: Record<Key, string> = {
  consignee: '',
  phone: '',
  province: '',
  city: '',
  district: '',
  detail: '',
};
const PROVINCE_OPTIONS = PROVINCES.map((p) => [p, p] as const);

export default function AddressBook(props: { initial: Address[] }) {
  const [list, setList] = useState(props.initial);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [asDefault, setAsDefault] = useState(false);
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  const reload = async () => {
    const res = await attempt(setBusy, () => api.get<{ data: Address[] }>('/api/user/address'));
    if (res) setList(res.data);
  };
  const open = (a: Address | null) => {
    setEditing(a ? a.id : 'new');
    setForm(
      a
        ? {
            consignee: a.consignee,
            phone: a.phone,
            province: a.province,
            city: a.city,
            district: a.district,
            detail: a.detail,
          }
        : EMPTY,
    );
    setAsDefault(a?.is_default ?? false);
    setErrors({});
  };
  const f = (k: Key) => (v: string) => setForm({ ...form, [k]: v });
  const bind = fieldBinder(form, (k, v) => f(k)(v), errors);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors<Key> = {
      consignee: checkPersonName(form.consignee.trim()),
      phone: checkPhone(form.phone.trim(), { allowLandline: true }),
      province: form.province ? null : '请选择所在省份',
      city: form.city.trim() ? null : '请输入所在城市',
      detail: form.detail.trim() ? null : '请输入详细地址',
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const body = {
      ...Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])),
      is_default: asDefault ? '1' : '0',
    };
    const path = editing === 'new' ? '/api/user/address' : `/api/user/address/${editing}`;
    if (!(await attempt(setBusy, () => api.post(path, body)))) return;
    toast('保存成功', 'success');
    setEditing(null);
    await reload();
  };
  const remove = async (a: Address) => {
    if (!(await confirmDialog('确定删除该收货地址吗？'))) return;
    if (await attempt(setBusy, () => api.delete(`/api/user/address/${a.id}`))) await reload();
  };
  const makeDefault = async (a: Address) => {
    if (await attempt(setBusy, () => api.post(`/api/user/address/${a.id}/default`))) {
      toast('已设为默认地址', 'success');
      await reload();
    }
  };

  return (
    <div>
      <div className="mb-4 flex items-center justify-between">
        <span className="text-gray-500">已保存 {list.length} 个收货地址（最多20个）</span>
        <button
          type="button"
          disabled={!hydrated}
          onClick={() => open(null)}
          className="rounded bg-brand-500 px-4 py-2 text-white"
          data-testid="address-add"
        >
          新增收货地址
        </button>
      </div>
      {editing !== null && (
        <form
          onSubmit={save}
          noValidate
          className="mb-6 max-w-xl rounded border border-gray-200 bg-gray-50 p-4"
          data-testid="address-form"
        >
          <TextField label="收货人" {...bind('consignee')} maxLength={20} />
          <TextField label="联系电话" {...bind('phone')} maxLength={20} />
          <Field label="所在省份" error={errors.province}>
            <Select
              name="province"
              value={form.province}
              onChange={f('province')}
              options={PROVINCE_OPTIONS}
              placeholder="请选择"
            />
          </Field>
          <Field label="城市 / 区县" error={errors.city}>
            <span className="flex gap-2">
              <TextInput {...bind('city')} placeholder="城市" maxLength={30} />
              <TextInput {...bind('district')} placeholder="区县" maxLength={30} />
            </span>
          </Field>
          <TextField label="详细地址" {...bind('detail')} maxLength={120} />
          <div className="mb-4 pl-[7.75rem]">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name="is_default"
                checked={asDefault}
                onChange={(e) => setAsDefault(e.target.checked)}
              />
              设为默认地址
            </label>
          </div>
          <div className="flex gap-3 pl-[7.75rem]">
            <PrimaryButton busy={busy}>保存地址</PrimaryButton>
            <button
              type="button"
              className="h-10 rounded border border-gray-300 px-6"
              onClick={() => setEditing(null)}
            >
              取消
            </button>
          </div>
        </form>
      )}
      <ul className="grid gap-3" data-testid="address-list">
        {list.length === 0 && <li className="p-6 text-center text-gray-400">还没有收货地址</li>}
        {list.map((a) => (
          <li
            key={a.id}
            className={`flex items-center justify-between rounded border p-4 ${a.is_default ? 'border-brand-500 bg-brand-50' : 'border-gray-200 bg-white'}`}
            data-testid="address-item"
          >
            <div>
              <p className="font-bold">
                {a.consignee}
                <span className="ml-3 font-normal text-gray-500">{a.phone}</span>
                {a.is_default && (
                  <span
                    className="ml-3 rounded bg-brand-500 px-2 py-0.5 text-xs text-white"
                    data-testid="address-default"
                  >
                    默认
                  </span>
                )}
              </p>
              <p className="mt-1 text-gray-600">{a.full_address}</p>
            </div>
            <div className="flex gap-4 text-brand-600">
              {!a.is_default && (
                <button type="button" onClick={() => makeDefault(a)}>
                  设为默认
                </button>
              )}
              <button type="button" onClick={() => open(a)}>
                编辑
              </button>
              <button type="button" className="text-red-600" onClick={() => remove(a)}>
                删除
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
