// 基础信息: contact name and phone (api/user/updateUserInfo) and the login password (api/user/resetPassword).
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';
import { checkNewPassword, checkMobile, checkPersonName } from '#/lib/validation.ts';
import { Field, PrimaryButton, TextInput, attempt, NewPasswordFields, type Errors } from './ui.tsx';

export default function BasicInfoForm(props: { name: string; phone: string }) {
  const [name, setName] = useState(props.name);
  const [phone, setPhone] = useState(props.phone);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<
    Errors<'name' | 'phone' | 'old_password' | 'password' | 'password_confirmation'>
  >({});
  const [busy, setBusy] = useState(false);

  const saveInfo = async (e: FormEvent) => {
    e.preventDefault();
    const next = { name: checkPersonName(name.trim()), phone: checkMobile(phone.trim()) };
    setErrors(next);
    if (next.name || next.phone) return;
    if (
      await attempt(setBusy, () =>
        api.post('/api/user/updateUserInfo', { name: name.trim(), phone: phone.trim() }),
      )
    )
      toast('保存成功', 'success');
  };

  const savePassword = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      old_password: current ? null : '请输入当前密码',
      ...checkNewPassword(password, confirm),
    };
    setErrors(next);
    if (next.old_password || next.password || next.password_confirmation) return;
    setBusy(true);
    try {
      await api.post(
        '/api/user/resetPassword',
        { old_password: current, password },
        { silent: true },
      );
      setCurrent('');
      setPassword('');
      setConfirm('');
      toast('密码已修改，其他设备需重新登录', 'success');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // The server's refusal stays at the field it is about.
      const fields = (err.data as { errors?: Record<string, string[]> } | null)?.errors ?? {};
      setErrors({
        old_password: fields['old_password']?.[0] ?? null,
        password: fields['password']?.[0] ?? (fields['old_password'] ? null : err.message),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-10">
      <form onSubmit={saveInfo} noValidate className="max-w-xl" data-testid="basic-form">
        <Field label="联系人" error={errors.name}>
          <TextInput
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={20}
            invalid={Boolean(errors.name)}
          />
        </Field>
        <Field label="手机号码" error={errors.phone}>
          <TextInput
            name="phone"
            inputMode="numeric"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            maxLength={11}
            invalid={Boolean(errors.phone)}
          />
        </Field>
        <div className="pl-[7.75rem]">
          <PrimaryButton busy={busy}>保存</PrimaryButton>
        </div>
      </form>
      <form onSubmit={savePassword} noValidate className="max-w-xl" data-testid="password-form">
        <h3 className="mb-4 text-base font-bold">修改登录密码</h3>
        <Field label="当前密码" error={errors.old_password}>
          <TextInput
            name="old_password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            maxLength={128}
            error={errors.old_password}
          />
        </Field>
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={errors}
        />
        <div className="pl-[7.75rem]">
          <PrimaryButton busy={busy}>修改密码</PrimaryButton>
        </div>
      </form>
    </div>
  );
}
