// 找回密码: step 1 proves the phone (SMS code → one-time ticket kept in this tab), step 2 sets the password.
import { useState, type FormEvent } from 'react';
import { api } from '#/client/api.ts';
import { alertDialog } from '#/stores/notice.ts';
import { checkNewPassword, checkMobile, checkSmsCode } from '#/lib/validation.ts';
import {
  Field,
  PrimaryButton,
  SmsButton,
  TextInput,
  attempt,
  NewPasswordFields,
  type Errors,
} from './ui.tsx';

const TICKET_KEY = 'reset_ticket';

export default function ForgetFlow(props: { step: 1 | 2 }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<
    Errors<'phone' | 'code' | 'password' | 'password_confirmation'>
  >({});
  const [busy, setBusy] = useState(false);

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    const next = { phone: checkMobile(phone.trim()), code: checkSmsCode(code.trim()) };
    setErrors(next);
    if (next.phone || next.code) return;
    const res = await attempt(setBusy, () =>
      api.post<{ data: { ticket: string } }>('/api/forget/verify', {
        phone: phone.trim(),
        code: code.trim(),
      }),
    );
    if (!res) return;
    sessionStorage.setItem(TICKET_KEY, res.data.ticket);
    location.assign('/forget/step2');
  };

  const reset = async (e: FormEvent) => {
    e.preventDefault();
    const ticket = sessionStorage.getItem(TICKET_KEY);
    if (!ticket) {
      alertDialog('验证已过期，请重新获取验证码', {
        onConfirm: () => location.assign('/forget/step1'),
      });
      return;
    }
    const next = checkNewPassword(password, confirm);
    setErrors(next);
    if (next.password || next.password_confirmation) return;
    const res = await attempt(setBusy, () =>
      api.post('/api/forget/reset', { ticket, password, password_confirmation: confirm }),
    );
    if (!res) return;
    sessionStorage.removeItem(TICKET_KEY);
    location.assign('/forget/step3');
  };

  if (props.step === 1) {
    return (
      <form onSubmit={verify} noValidate className="mx-auto max-w-xl" data-testid="forget-step1">
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
        <Field label="短信验证码" error={errors.code}>
          <span className="flex gap-2">
            <TextInput
              name="code"
              inputMode="numeric"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              maxLength={6}
              invalid={Boolean(errors.code)}
            />
            <SmsButton
              phone={phone}
              type="reset"
              onPhoneError={(m) => setErrors({ ...errors, phone: m })}
            />
          </span>
        </Field>
        <div className="pl-[7.75rem]">
          <PrimaryButton busy={busy}>下一步</PrimaryButton>
        </div>
      </form>
    );
  }
  return (
    <form onSubmit={reset} noValidate className="mx-auto max-w-xl" data-testid="forget-step2">
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        errors={errors}
      />
      <div className="pl-[7.75rem]">
        <PrimaryButton busy={busy}>重置密码</PrimaryButton>
      </div>
    </form>
  );
}
