import type { FormEvent } from 'react';
import { Field, PrimaryButton, SmsButton, TextInput } from '../ui.tsx';
import type { Account, AccountKey, RegisterErrors } from './fields.ts';

/** Step 1: login name, password, mobile with its SMS code, and the user agreement. */
export default function AccountStep(props: {
  account: Account;
  onAccount: (account: Account) => void;
  agree: boolean;
  onAgree: (agree: boolean) => void;
  errors: RegisterErrors;
  onErrors: (errors: RegisterErrors) => void;
  busy: boolean;
  agreementUrl: string;
  onSubmit: (e: FormEvent) => void;
}) {
  const { account, errors } = props;
  const a = (k: AccountKey) => (e: { target: { value: string } }) =>
    props.onAccount({ ...account, [k]: e.target.value });
  return (
    <form
      onSubmit={props.onSubmit}
      noValidate
      data-testid="register-step1"
      className="mx-auto max-w-xl"
    >
      <Field label="用户名" error={errors.username} hint="4-20位字母、数字或下划线，以字母开头">
        <TextInput
          name="username"
          autoComplete="username"
          value={account.username}
          onChange={a('username')}
          maxLength={20}
          invalid={Boolean(errors.username)}
        />
      </Field>
      <Field label="登录密码" error={errors.password} hint="8-64位，须同时包含字母和数字">
        <TextInput
          name="password"
          type="password"
          autoComplete="new-password"
          value={account.password}
          onChange={a('password')}
          maxLength={64}
          invalid={Boolean(errors.password)}
        />
      </Field>
      <Field label="确认密码" error={errors.password_confirmation}>
        <TextInput
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
          value={account.password_confirmation}
          onChange={a('password_confirmation')}
          maxLength={64}
          invalid={Boolean(errors.password_confirmation)}
        />
      </Field>
      <Field label="手机号码" error={errors.phone}>
        <TextInput
          name="phone"
          inputMode="numeric"
          autoComplete="tel"
          value={account.phone}
          onChange={a('phone')}
          maxLength={11}
          invalid={Boolean(errors.phone)}
        />
      </Field>
      <Field label="短信验证码" error={errors.code}>
        <span className="flex gap-2">
          <TextInput
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={account.code}
            onChange={a('code')}
            maxLength={6}
            invalid={Boolean(errors.code)}
          />
          <SmsButton
            phone={account.phone}
            type="register"
            onPhoneError={(m) => props.onErrors({ ...errors, phone: m })}
          />
        </span>
      </Field>
      <div className="mb-4 pl-[7.75rem]">
        <label className="flex items-center gap-2 text-gray-600">
          <input
            type="checkbox"
            name="agree"
            checked={props.agree}
            onChange={(e) => props.onAgree(e.target.checked)}
          />
          我已阅读并同意
          <a href={props.agreementUrl} target="_blank" className="text-brand-600">
            《用户注册协议》
          </a>
        </label>
        {errors.agree && (
          <span role="alert" className="mt-1 block text-xs text-red-600">
            {errors.agree}
          </span>
        )}
      </div>
      <div className="pl-[7.75rem]">
        <PrimaryButton busy={props.busy} className="w-48">
          下一步，填写企业信息
        </PrimaryButton>
      </div>
    </form>
  );
}
