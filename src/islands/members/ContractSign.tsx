// 电子购销合同: tick the agreement, type the signer's name, sign.
import { useState, type FormEvent } from 'react';
import { api } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';
import { checkPersonName } from '#/lib/validation.ts';
import { Field, PrimaryButton, TextInput, attempt } from './ui.tsx';
import { shopDay } from '#/lib/shopClock.ts';

export default function ContractSign(props: { signedAt: string | null }) {
  const [signedAt, setSignedAt] = useState(props.signedAt);
  const [agree, setAgree] = useState(false);
  const [signer, setSigner] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (signedAt)
    return (
      <p className="text-brand-600" data-testid="contract-signed">
        已于 {shopDay(new Date(signedAt))} 签署，可正常下单采购。
      </p>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const msg = agree ? checkPersonName(signer.trim()) : '请阅读并同意电子购销合同';
    setError(msg);
    if (msg) return;
    const res = await attempt(setBusy, () =>
      api.post<{ data: { signed_at: string } }>('/api/user/contract', {
        agree: '1',
        signer: signer.trim(),
      }),
    );
    if (!res) return;
    setSignedAt(res.data.signed_at);
    toast('签署成功', 'success');
  };
  return (
    <form onSubmit={submit} noValidate className="max-w-xl" data-testid="contract-form">
      <label className="mb-4 flex items-center gap-2">
        <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
        我已阅读并同意以上《药品电子购销合同》
      </label>
      <Field label="签署人" error={error}>
        <TextInput
          name="signer"
          value={signer}
          onChange={(e) => setSigner(e.target.value)}
          maxLength={20}
        />
      </Field>
      <div className="pl-[7.75rem]">
        <PrimaryButton busy={busy}>确认签署</PrimaryButton>
      </div>
    </form>
  );
}
