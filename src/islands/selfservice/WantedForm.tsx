// 发布求购: posts a wanted-request (POST /api/user/buy), then opens its detail page.
import { useState, type FormEvent } from 'react';
import { api } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';
import { isPhone, MESSAGES } from '#/lib/validation.ts';
import { yuanToFen } from '#/lib/money.ts';
import { Field, PrimaryButton, TextInput, attempt, type Errors } from '#/islands/members/ui.tsx';

type Key =
  | 'goods_name'
  | 'spec'
  | 'manufacturer'
  | 'quantity'
  | 'expected_price'
  | 'phone'
  | 'remarks';

function check(v: Record<Key, string>): Errors<Key> {
  const qty = Number(v.quantity);
  return {
    goods_name: v.goods_name.trim() ? null : '请输入商品名称',
    quantity:
      Number.isInteger(qty) && qty >= 1 && qty <= 1_000_000 ? null : '求购数量须为1以上的整数',
    expected_price:
      v.expected_price.trim() === '' || yuanToFen(v.expected_price) !== null
        ? null
        : '期望价格须为不超过两位小数的金额',
    phone:
      v.phone.trim() === ''
        ? MESSAGES.mobileRequired
        : isPhone(v.phone.trim(), { allowLandline: true })
          ? null
          : MESSAGES.phone,
  };
}

export default function WantedForm(props: { phone: string }) {
  const [v, setV] = useState<Record<Key, string>>({
    goods_name: '',
    spec: '',
    manufacturer: '',
    quantity: '1',
    expected_price: '',
    phone: props.phone,
    remarks: '',
  });
  const [errors, setErrors] = useState<Errors<Key>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: Key) => (e: { target: { value: string } }) =>
    setV((s) => ({ ...s, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = check(v);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const res = await attempt(setBusy, () =>
      api.post<{ data: { id: number } }>('/api/user/buy', v),
    );
    if (!res) return;
    toast('求购已提交', 'success');
    location.assign(`/pzqg/info?id=${res.data.id}`);
  };

  const input = (
    k: Key,
    label: string,
    extra: { maxLength: number; inputMode?: 'numeric' | 'decimal' | 'tel'; hint?: string },
  ) => (
    <Field label={label} error={errors[k]} {...(extra.hint ? { hint: extra.hint } : {})}>
      <TextInput
        name={k}
        value={v[k]}
        onChange={set(k)}
        maxLength={extra.maxLength}
        {...(extra.inputMode ? { inputMode: extra.inputMode } : {})}
        invalid={Boolean(errors[k])}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="max-w-xl" data-testid="wanted-form">
      {input('goods_name', '商品名称', { maxLength: 100 })}
      {input('spec', '规格', { maxLength: 100 })}
      {input('manufacturer', '生产厂家', { maxLength: 100 })}
      {input('quantity', '求购数量', { maxLength: 7, inputMode: 'numeric' })}
      {input('expected_price', '期望价格（元）', {
        maxLength: 10,
        inputMode: 'decimal',
        hint: '选填',
      })}
      {input('phone', '联系电话', {
        maxLength: 13,
        inputMode: 'tel',
        hint: '手机号码或固定电话，如 027-87654321',
      })}
      <Field label="备注" error={errors.remarks}>
        <textarea
          name="remarks"
          value={v.remarks}
          onChange={set('remarks')}
          maxLength={500}
          rows={3}
          className="w-full rounded border border-gray-300 px-3 py-2 outline-none focus:border-brand-500"
        />
      </Field>
      <div className="pl-[7.75rem]">
        <PrimaryButton busy={busy}>提交求购</PrimaryButton>
      </div>
    </form>
  );
}
