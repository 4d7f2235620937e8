import type { FormEvent } from 'react';
import { Field, fieldBinder, PrimaryButton, SmsButton, TextField, TextInput } from '../ui.tsx';
import type { Account, RegisterErrors } from './fields.ts';

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
  const bind = fieldBinder(account, (k, v) => props.onAccount({ ...account, [k]: v }), errors);
  return (
    <form
      onSubmit={props.onSubmit}
      noValidate
      data-testid="register-step1"
      className="mx-auto max-w-xl"
    >
      <TextField
        label="用户名"
        hint="4-20位字母、数字或下划线，以字母开头"
        {...bind('username')}
        autoComplete="username"
        maxLength={20}
      />
      <TextField
        label="登录密码"
        hint="8-64位，须同时包含字母和数字"
        {...bind('password')}
        type="password"
        autoComplete="new-password"
        maxLength={64}
      />
      <TextField
        label="确认密码"
        {...bind('password_confirmation')}
        type="password"
        autoComplete="new-password"
        maxLength={64}
      />
      <TextField
        label="手机号码"
        {...bind('phone')}
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
      />
      <Field label="短信验证码" error={errors.code}>
        <span className="flex gap-2">
          <TextInput
            {...bind('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
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
