// Small form pieces shared by the members' islands.
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { api, ApiAborted, ApiError } from '#/client/api.ts';
import { checkMobile } from '#/lib/validation.ts';
import { toast } from '#/stores/notice.ts';

export function Field(props: {
  label: string;
  error?: string | null | undefined;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <label className="mb-4 flex items-start gap-3">
      <span className="w-28 shrink-0 pt-2 text-right text-gray-600">{props.label}</span>
      <span className="flex-1">
        {props.children}
        {props.error ? (
          <span role="alert" className="mt-1 block text-xs text-red-600">
            {props.error}
          </span>
        ) : props.hint ? (
          <span className="mt-1 block text-xs text-gray-400">{props.hint}</span>
        ) : null}
      </span>
    </label>
  );
}

/** A text input; marked invalid when told so or when it has an error (shown by its Field). */
export function TextInput(
  props: InputHTMLAttributes<HTMLInputElement> & {
    invalid?: boolean;
    error?: string | null | undefined;
  },
) {
  const { error, invalid: marked, className, ...rest } = props;
  const invalid = marked ?? Boolean(error);
  return (
    <input
      {...rest}
      aria-invalid={invalid || undefined}
      className={`h-9 w-full rounded border px-3 outline-none focus:border-brand-500 ${invalid ? 'border-red-400' : 'border-gray-300'} ${className ?? ''}`}
    />
  );
}

/** A labelled text input with its error or hint below: one field of a members' form. */
export function TextField({
  label,
  hint,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  error?: string | null | undefined;
}) {
  return (
    <Field label={label} error={error} {...(hint ? { hint } : {})}>
      <TextInput {...input} error={error} />
    </Field>
  );
}

/**
 * Binds the fields of a form held as one object of strings: `bind('phone')` gives the input's
 * name, value, change handler and the field's error.
 */
export function fieldBinder<K extends string>(
  values: Record<K, string>,
  set: (key: K, value: string) => void,
  errors: Partial<Record<NoInfer<K>, string | null | undefined>>,
) {
  return (key: K) => ({
    name: key,
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: errors[key],
  });
}

export function Select(props: {
  value: string;
  onChange: (v: string) => void;
  options: readonly (readonly [string, string])[];
  name: string;
  invalid?: boolean;
  placeholder?: string;
}) {
  return (
    <select
      name={props.name}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      aria-invalid={props.invalid || undefined}
      className={`h-9 w-full rounded border bg-white px-2 ${props.invalid ? 'border-red-400' : 'border-gray-300'}`}
    >
      {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
      {props.options.map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  );
}

/**
 * False in the server-rendered HTML and until the island has hydrated: buttons stay disabled so a
 * click before hydration cannot submit the form natively (which would put fields in the URL).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function PrimaryButton(props: {
  children: ReactNode;
  busy?: boolean;
  type?: 'submit' | 'button';
  onClick?: () => void;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type={props.type ?? 'submit'}
      disabled={props.busy || !hydrated}
      onClick={props.onClick}
      className={`h-10 rounded bg-brand-500 px-6 text-white hover:bg-brand-600 disabled:opacity-60 ${props.className ?? ''}`}
    >
      {props.busy ? '请稍候…' : props.children}
    </button>
  );
}

/** Runs a call; the client has already shown any error, so failures just end the busy state. */
export async function attempt<T>(
  setBusy: (b: boolean) => void,
  fn: () => Promise<T>,
): Promise<T | undefined> {
  setBusy(true);
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ApiError || error instanceof ApiAborted) return undefined;
    throw error;
  } finally {
    setBusy(false);
  }
}

export const RESEND_SECONDS = 60;

/** "获取验证码" with a 60 s countdown; checks the phone first. */
export function SmsButton(props: {
  phone: string;
  type: 'register' | 'reset';
  onPhoneError: (msg: string) => void;
}) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );
  const send = async () => {
    const msg = checkMobile(props.phone.trim());
    if (msg) return props.onPhoneError(msg);
    const res = await attempt(setBusy, () =>
      api.post('/api/sms/send', { phone: props.phone.trim(), type: props.type }),
    );
    if (!res) return;
    toast('验证码已发送', 'success');
    setLeft(RESEND_SECONDS);
    timer.current = setInterval(
      () =>
        setLeft((s) => {
          if (s <= 1 && timer.current) clearInterval(timer.current);
          return s - 1;
        }),
      1000,
    );
  };
  return (
    <button
      type="button"
      onClick={send}
      disabled={!hydrated || busy || left > 0}
      data-testid="send-sms"
      className="h-9 shrink-0 rounded border border-brand-500 px-3 text-brand-600 disabled:border-gray-300 disabled:text-gray-400"
    >
      {left > 0 ? `${left}秒后重发` : '获取验证码'}
    </button>
  );
}

/** Field → message (null or absent when the field is fine). */
export type Errors<K extends string> = Partial<Record<K, string | null>>;

/** 新密码 + 确认新密码, as the password change and the password reset both ask for them. */
export function NewPasswordFields(props: {
  password: string;
  confirm: string;
  onPassword: (v: string) => void;
  onConfirm: (v: string) => void;
  errors: Errors<'password' | 'password_confirmation'>;
}) {
  return (
    <>
      <Field label="新密码" error={props.errors.password} hint="8-64位，须同时包含字母和数字">
        <TextInput
          name="password"
          type="password"
          autoComplete="new-password"
          value={props.password}
          onChange={(e) => props.onPassword(e.target.value)}
          maxLength={64}
          invalid={Boolean(props.errors.password)}
        />
      </Field>
      <Field label="确认新密码" error={props.errors.password_confirmation}>
        <TextInput
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          value={props.confirm}
          onChange={(e) => props.onConfirm(e.target.value)}
          maxLength={64}
          invalid={Boolean(props.errors.password_confirmation)}
        />
      </Field>
    </>
  );
}
