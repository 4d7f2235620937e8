import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError } from '#/client/api.ts';
import { checkNewPassword } from '#/lib/validation.ts';
import { toast } from '#/stores/notice.ts';

type Errors = Partial<Record<'old_password' | 'password' | 'password_confirmation', string>>;

/** A staff member's own new password; a one-time password must be replaced before anything else. */
export default function OwnPassword({ mustChange }: { mustChange: boolean }) {
  const [form, setForm] = useState({ old_password: '', password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<Errors>({});
  // Disabled until hydrated: a native submit would put the passwords into the URL.
  const [busy, setBusy] = useState(true);
  useEffect(() => setBusy(false), []);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = checkNewPassword(form.password, form.password_confirmation);
    const next: Errors = {
      ...(form.old_password ? {} : { old_password: '请输入当前密码' }),
      ...(local.password ? { password: local.password } : {}),
      ...(local.password_confirmation
        ? { password_confirmation: local.password_confirmation }
        : {}),
    };
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await api.post('/api/admin/password', form, { silent: true });
      toast('密码已修改', 'success');
      setTimeout(() => location.assign('/admin'), 600);
    } catch (err) {
      const fields =
        (err instanceof ApiError
          ? (err.data as { errors?: Record<string, string[]> })?.errors
          : undefined) ?? {};
      setErrors(
        Object.keys(fields).length
          ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]]))
          : { old_password: err instanceof ApiError ? err.message : '修改失败' },
      );
      setBusy(false);
    }
  };
  const field = (k: keyof typeof form, label: string, auto: string) => (
    <label className="block">
      <span className="mb-1 block text-gray-700">{label}</span>
      <input
        type="password"
        name={k}
        autoComplete={auto}
        value={form[k]}
        onChange={set(k)}
        aria-invalid={errors[k] ? true : undefined}
        className={`h-9 w-full rounded border px-3 outline-none focus:border-brand-500 ${errors[k] ? 'border-red-400' : 'border-gray-300'}`}
      />
      {errors[k] && (
        <span role="alert" className="mt-1 block text-xs text-red-600">
          {errors[k]}
        </span>
      )}
    </label>
  );
  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className="max-w-sm space-y-4 rounded border border-gray-200 bg-white p-4"
    >
      {mustChange && (
        <p className="rounded bg-amber-50 p-2 text-sm text-amber-800" data-testid="must-change">
          您正在使用一次性密码，请先设置自己的新密码。
        </p>
      )}
      {field('old_password', '当前密码', 'current-password')}
      {field('password', '新密码（8-64位，含字母和数字）', 'new-password')}
      {field('password_confirmation', '再次输入新密码', 'new-password')}
      <button
        type="submit"
        disabled={busy}
        className="h-9 rounded bg-brand-600 px-6 text-white hover:bg-brand-700 disabled:opacity-60"
      >
        保存
      </button>
    </form>
  );
}
