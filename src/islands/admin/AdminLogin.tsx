import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '#/client/api.ts';
import { CaptchaInput, useLoginCaptcha } from '#/islands/auth/captcha.tsx';

/** The back office's sign-in: login name and password; errors stay on the form. */
export default function AdminLogin({ redirect }: { redirect: string }) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  // Disabled until hydrated: a native submit would put the password into the URL.
  const [busy, setBusy] = useState(true);
  useEffect(() => setBusy(false), []);
  const captcha = useLoginCaptcha();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!login.trim() || !password) return setError('请输入登录名和密码');
    setBusy(true);
    try {
      await api.post(
        '/api/admin/login',
        { login: login.trim(), password, ...captcha.fields() },
        { silent: true },
      );
      location.assign(redirect);
    } catch (err) {
      if (!captcha.afterRefusal(err))
        setError(err instanceof ApiError && err.message ? err.message : '登录失败，请稍后再试');
      setBusy(false);
    }
  };
  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className="space-y-4"
      data-testid="admin-login"
    >
      <label className="block">
        <span className="mb-1 block text-gray-700">登录名</span>
        <input
          name="login"
          autoComplete="username"
          autoFocus
          value={login}
          onChange={(e) => setLogin(e.target.value)}
          className="h-9 w-full rounded border border-gray-300 px-3 outline-none focus:border-brand-500"
        />
      </label>
      <label className="block">
        <span className="mb-1 block text-gray-700">密码</span>
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className="h-9 w-full rounded border border-gray-300 px-3 outline-none focus:border-brand-500"
        />
      </label>
      {captcha.needed && (
        <label className="block">
          <span className="mb-1 block text-gray-700">验证码</span>
          <CaptchaInput captcha={captcha} />
          {captcha.error && (
            <span role="alert" className="mt-1 block text-sm text-red-600">
              {captcha.error}
            </span>
          )}
        </label>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="h-9 w-full rounded bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? '登录中…' : '登录'}
      </button>
    </form>
  );
}
