// 开票信息: what finance copies into the tax platform when it issues this store's invoices.
import { useState, type SubmitEvent } from 'react';
import { api } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';
import { PrimaryButton, TextField, attempt, fieldBinder } from './ui.tsx';

type Key = 'title' | 'tax_no' | 'bank' | 'account' | 'address_phone';

export default function InvoiceProfileForm(props: { profile: Record<Key, string> }) {
  const [values, setValues] = useState(props.profile);
  const [busy, setBusy] = useState(false);
  const bind = fieldBinder(values, (k, v) => setValues((s) => ({ ...s, [k]: v })), {});
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const saved = await attempt(setBusy, () =>
      api.post<{ data: Record<Key, string> }>('/api/user/invoice/profile', values),
    );
    if (!saved) return;
    setValues(saved.data);
    toast('开票信息已保存', 'success');
  };
  return (
    <form onSubmit={submit} className="max-w-2xl" data-testid="invoice-profile">
      <TextField label="发票抬头" required maxLength={100} {...bind('title')} />
      <TextField label="纳税人识别号" required maxLength={20} {...bind('tax_no')} />
      <TextField
        label="开户银行"
        maxLength={100}
        hint="开具增值税专用发票时必填"
        {...bind('bank')}
      />
      <TextField label="银行账号" maxLength={40} inputMode="numeric" {...bind('account')} />
      <TextField label="注册地址及电话" maxLength={200} {...bind('address_phone')} />
      <div className="pl-[7.75rem]">
        <PrimaryButton busy={busy}>保存开票信息</PrimaryButton>
      </div>
    </form>
  );
}
