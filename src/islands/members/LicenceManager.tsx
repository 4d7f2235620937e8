// 资质证件: the store's licences with review state and expiry, and the upload of new or renewed ones.
import { useState, type FormEvent } from 'react';
import { api } from '#/client/api.ts';
import { LICENCE_LABELS, checkLicenceNumber, type LicenceKind } from '#/lib/validation.ts';
import { toast } from '#/stores/notice.ts';
import { Field, PrimaryButton, Select, TextInput, attempt, type Errors } from './ui.tsx';

export interface LicenceItem {
  id: number;
  type_name: string;
  number: string;
  expires_on: string;
  days_left: number;
  state: string;
  state_name: string;
  file_url: string | null;
}

const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
const KIND_OPTIONS = Object.entries(LICENCE_LABELS) as [LicenceKind, string][];

export default function LicenceManager(props: { initial: LicenceItem[]; warnDays: number }) {
  const [items, setItems] = useState(props.initial);
  const [kind, setKind] = useState<string>('');
  const [number, setNumber] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors<'type' | 'number' | 'expires_on' | 'file'>>({});
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const upper = number.trim().toUpperCase();
    const next = {
      type: kind ? null : '请选择证件类型',
      number: !upper
        ? '请输入证件编号'
        : kind
          ? checkLicenceNumber(kind as LicenceKind, upper)
          : null,
      expires_on: expiresOn ? null : '请选择有效期',
      file: !file ? '请选择要上传的文件' : file.size > MAX_BYTES ? '文件不能超过5MB' : null,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || !file) return;
    const form = new FormData();
    form.set('type', kind);
    form.set('number', upper);
    form.set('expires_on', expiresOn);
    form.set('file', file);
    const res = await attempt(setBusy, () =>
      api.upload<{ data: LicenceItem }>('/api/user/zizhi', form),
    );
    if (!res) return;
    setItems([...items, res.data]);
    setKind('');
    setNumber('');
    setExpiresOn('');
    setFile(null);
    setFormKey(formKey + 1);
    toast('上传成功，等待审核', 'success');
  };

  return (
    <div>
      <table className="mb-8 w-full border-collapse text-left" data-testid="licence-table">
        <thead>
          <tr className="bg-gray-100 text-gray-600">
            <th className="p-2">证件类型</th>
            <th className="p-2">证件编号</th>
            <th className="p-2">有效期至</th>
            <th className="p-2">审核状态</th>
            <th className="p-2">文件</th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 && (
            <tr>
              <td colSpan={5} className="p-6 text-center text-gray-400">
                尚未上传资质证件
              </td>
            </tr>
          )}
          {items.map((l) => (
            <tr key={l.id} className="border-b border-gray-100">
              <td className="p-2">{l.type_name}</td>
              <td className="p-2 font-mono">{l.number}</td>
              <td className="p-2">
                {l.expires_on}
                {l.days_left < 0 && (
                  <span className="ml-2 rounded bg-red-100 px-1 text-xs text-red-700">已过期</span>
                )}
                {l.days_left >= 0 && l.days_left <= props.warnDays && (
                  <span className="ml-2 rounded bg-amber-100 px-1 text-xs text-amber-700">
                    {l.days_left}天后到期
                  </span>
                )}
              </td>
              <td
                className={`p-2 ${l.state === 'approved' ? 'text-brand-600' : l.state === 'rejected' ? 'text-red-600' : 'text-amber-600'}`}
              >
                {l.state_name}
              </td>
              <td className="p-2">
                {l.file_url ? (
                  <a href={l.file_url} target="_blank" className="text-brand-600">
                    查看
                  </a>
                ) : (
                  <span className="text-gray-400">线下提交</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="mb-4 text-base font-bold">上传新证件 / 更新证件</h3>
      <form
        key={formKey}
        onSubmit={submit}
        noValidate
        className="max-w-xl"
        data-testid="licence-form"
      >
        <Field label="证件类型" error={errors.type}>
          <Select
            name="type"
            value={kind}
            onChange={setKind}
            options={KIND_OPTIONS}
            placeholder="请选择"
            invalid={Boolean(errors.type)}
          />
        </Field>
        <Field label="证件编号" error={errors.number}>
          <TextInput
            name="number"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            maxLength={40}
            invalid={Boolean(errors.number)}
          />
        </Field>
        <Field label="有效期至" error={errors.expires_on}>
          <TextInput
            name="expires_on"
            type="date"
            value={expiresOn}
            onChange={(e) => setExpiresOn(e.target.value)}
            invalid={Boolean(errors.expires_on)}
          />
        </Field>
        <Field label="证件文件" error={errors.file} hint="支持 JPG、PNG、PDF，不超过5MB">
          <input
            name="file"
            type="file"
            accept={ACCEPT}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        <div className="pl-[7.75rem]">
          <PrimaryButton busy={busy}>上传证件</PrimaryButton>
        </div>
      </form>
    </div>
  );
}
