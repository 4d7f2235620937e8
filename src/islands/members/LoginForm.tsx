import { useState, type FormEvent } from 'react';
import { api, ApiError } from '#/client/api.ts';
import { safeRedirect } from '#/lib/redirect.ts';
import { alertDialog } from '#/stores/notice.ts';
import { CaptchaInput, useLoginCaptcha } from '#/islands/auth/captcha.tsx';
import { Field, PrimaryButton, TextInput } from './ui.tsx';

export default function LoginForm(props: { redirect: string | null; demoHint: boolean }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{
    username?: string | undefined;
    password?: string | undefined;
  }>({});
  const [busy, setBusy] = useState(false);
  const captcha = useLoginCaptcha();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      username: username.trim() ? undefined : '请输入用户名或手机号',
      password: password ? undefined : '请输入密码',
    };
    setErrors(next);
    if (next.username || next.password) return;
    setBusy(true);
    try {
      await api.post(
        '/api/login',
        { username: username.trim(), password, ...captcha.fields() },
        { silent: true },
      );
    } catch (err) {
      setBusy(false);
      // A wrong password (with the attempts left) is a dialog; a captcha refusal stays at its input.
      if (!captcha.afterRefusal(err))
        alertDialog(err instanceof ApiError ? err.message : '网络连接失败，请检查网络后重试');
      return;
    }
    // SPEC: the login=1 flag makes the next page reload once so every island sees the member.
    sessionStorage.setItem('login', '1');
    location.assign(safeRedirect(props.redirect));
  };

  return (
    <form onSubmit={submit} noValidate className="w-full" data-testid="login-form">
      <Field label="用户名" error={errors.username}>
        <TextInput
          name="username"
          autoComplete="username"
          placeholder="用户名或手机号"
          value={username}
          invalid={Boolean(errors.username)}
          onChange={(e) => setUsername(e.target.value)}
          maxLength={64}
        />
      </Field>
      <Field label="密码" error={errors.password}>
        <TextInput
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="请输入密码"
          value={password}
          invalid={Boolean(errors.password)}
          onChange={(e) => setPassword(e.target.value)}
          maxLength={128}
        />
      </Field>
      {captcha.needed && (
        <Field label="验证码" error={captcha.error}>
          <CaptchaInput captcha={captcha} />
        </Field>
      )}
      <div className="pl-[7.75rem]">
        <PrimaryButton busy={busy} className="w-full">
          登 录
        </PrimaryButton>
        <span className="mt-3 flex justify-between text-gray-500">
          <a href="/forget/step1" className="hover:text-brand-600">
            忘记密码？
          </a>
          <a href="/register" className="text-brand-600">
            免费注册
          </a>
        </span>
      </div>
      {props.demoHint && (
        <p className="mt-6 rounded bg-amber-50 p-3 text-xs text-amber-800" data-testid="demo-hint">
          演示账号（密码均为
          yaopi2026）：demo（已审核药店）、clinic（待审核诊所）、chain（连锁多店）
        </p>
      )}
    </form>
  );
}
