// Registration steps 1 (account) and 2 (company) in one island: the password never leaves memory.
// Step 1 is checked by the server (uniqueness, SMS code) before step 2 shows; step 2 registers,
// logs in and moves to step 3 (licences, then review).
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../../client/api.ts';
import {
  COMPANY_TYPE_LABELS, PROVINCES, checkCompanyName, checkMobile, checkPasswordConfirm, checkPersonName, checkPhone,
  checkSmsCode, checkUsername, checkPassword,
} from '../../lib/validation.ts';
import { Field, PrimaryButton, Select, SmsButton, TextInput, attempt, type Errors } from './ui.tsx';
import StepBar, { REGISTER_STEPS } from './StepBar.tsx';

type AccountKey = 'username' | 'password' | 'password_confirmation' | 'phone' | 'code';
type CompanyKey = 'company_name' | 'company_type' | 'province' | 'city' | 'district' | 'address' | 'contact_name' | 'contact_phone' | 'invited_code';

const TYPE_OPTIONS = Object.entries(COMPANY_TYPE_LABELS) as [string, string][];
const PROVINCE_OPTIONS = PROVINCES.map((p) => [p, p] as const);

export default function RegisterWizard(props: { base: string; initialStep: 1 | 2; agreementUrl: string }) {
  const [step, setStep] = useState<1 | 2>(1);
  const [account, setAccount] = useState<Record<AccountKey, string>>({ username: '', password: '', password_confirmation: '', phone: '', code: '' });
  const [company, setCompany] = useState<Record<CompanyKey, string>>({
    company_name: '', company_type: '', province: '', city: '', district: '', address: '', contact_name: '', contact_phone: '', invited_code: '',
  });
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Errors<AccountKey | CompanyKey | 'agree'>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Step 2 opened directly (reload, bookmark): the account part is gone, start over.
    if (props.initialStep === 2) history.replaceState(null, '', `${props.base}/step1`);
    const onPop = () => setStep(location.pathname.endsWith('/step2') ? 2 : 1);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [props.base, props.initialStep]);

  const a = (k: AccountKey) => (e: { target: { value: string } }) => setAccount({ ...account, [k]: e.target.value });
  const c = (k: CompanyKey) => (v: string) => setCompany({ ...company, [k]: v });

  const submitAccount = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors<AccountKey | 'agree'> = {
      username: checkUsername(account.username.trim()),
      password: checkPassword(account.password),
      password_confirmation: account.password ? checkPasswordConfirm(account.password, account.password_confirmation) : null,
      phone: checkMobile(account.phone.trim()),
      code: checkSmsCode(account.code.trim()),
      agree: agree ? null : '请阅读并同意《用户注册协议》',
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const ok = await attempt(setBusy, () => api.post('/api/register/check', trimmed(account)));
    if (!ok) return;
    history.pushState(null, '', `${props.base}/step2`);
    setStep(2);
    scrollTo(0, 0);
  };

  const submitCompany = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors<CompanyKey> = {
      company_name: checkCompanyName(company.company_name.trim()),
      company_type: company.company_type ? null : '请选择企业类型',
      province: company.province ? null : '请选择所在省份',
      city: company.city.trim() ? null : '请输入所在城市',
      address: company.address.trim() ? null : '请输入详细地址',
      contact_name: checkPersonName(company.contact_name.trim()),
      contact_phone: checkPhone(company.contact_phone.trim(), { allowLandline: true }),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const ok = await attempt(setBusy, () => api.post('/api/register', { ...trimmed(account), ...trimmed(company) }));
    if (!ok) return;
    sessionStorage.setItem('login', '1');
    location.assign(`${props.base}/step3`);
  };

  if (step === 1) {
    return (
      <>
      <StepBar steps={REGISTER_STEPS} active={1} />
      <form onSubmit={submitAccount} noValidate data-testid="register-step1" className="mx-auto max-w-xl">
        <Field label="用户名" error={errors.username} hint="4-20位字母、数字或下划线，以字母开头">
          <TextInput name="username" autoComplete="username" value={account.username} onChange={a('username')} maxLength={20} invalid={Boolean(errors.username)} />
        </Field>
        <Field label="登录密码" error={errors.password} hint="8-64位，须同时包含字母和数字">
          <TextInput name="password" type="password" autoComplete="new-password" value={account.password} onChange={a('password')} maxLength={64} invalid={Boolean(errors.password)} />
        </Field>
        <Field label="确认密码" error={errors.password_confirmation}>
          <TextInput name="password_confirmation" type="password" autoComplete="new-password" value={account.password_confirmation} onChange={a('password_confirmation')} maxLength={64} invalid={Boolean(errors.password_confirmation)} />
        </Field>
        <Field label="手机号码" error={errors.phone}>
          <TextInput name="phone" inputMode="numeric" autoComplete="tel" value={account.phone} onChange={a('phone')} maxLength={11} invalid={Boolean(errors.phone)} />
        </Field>
        <Field label="短信验证码" error={errors.code}>
          <span className="flex gap-2">
            <TextInput name="code" inputMode="numeric" autoComplete="one-time-code" value={account.code} onChange={a('code')} maxLength={6} invalid={Boolean(errors.code)} />
            <SmsButton phone={account.phone} type="register" onPhoneError={(m) => setErrors({ ...errors, phone: m })} />
          </span>
        </Field>
        <div className="mb-4 pl-[7.75rem]">
          <label className="flex items-center gap-2 text-gray-600">
            <input type="checkbox" name="agree" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
            我已阅读并同意<a href={props.agreementUrl} target="_blank" className="text-brand-600">《用户注册协议》</a>
          </label>
          {errors.agree && <span role="alert" className="mt-1 block text-xs text-red-600">{errors.agree}</span>}
        </div>
        <div className="pl-[7.75rem]"><PrimaryButton busy={busy} className="w-48">下一步，填写企业信息</PrimaryButton></div>
      </form>
      </>
    );
  }
  return (
    <>
    <StepBar steps={REGISTER_STEPS} active={2} />
    <form onSubmit={submitCompany} noValidate data-testid="register-step2" className="mx-auto max-w-xl">
      <Field label="企业名称" error={errors.company_name} hint="与营业执照上的名称一致">
        <TextInput name="company_name" value={company.company_name} onChange={(e) => c('company_name')(e.target.value)} maxLength={60} invalid={Boolean(errors.company_name)} />
      </Field>
      <Field label="企业类型" error={errors.company_type}>
        <Select name="company_type" value={company.company_type} onChange={c('company_type')} options={TYPE_OPTIONS} placeholder="请选择" invalid={Boolean(errors.company_type)} />
      </Field>
      <Field label="所在省份" error={errors.province}>
        <Select name="province" value={company.province} onChange={c('province')} options={PROVINCE_OPTIONS} placeholder="请选择" invalid={Boolean(errors.province)} />
      </Field>
      <Field label="城市 / 区县" error={errors.city ?? errors.district}>
        <span className="flex gap-2">
          <TextInput name="city" placeholder="城市" value={company.city} onChange={(e) => c('city')(e.target.value)} maxLength={30} invalid={Boolean(errors.city)} />
          <TextInput name="district" placeholder="区县（选填）" value={company.district} onChange={(e) => c('district')(e.target.value)} maxLength={30} />
        </span>
      </Field>
      <Field label="详细地址" error={errors.address}>
        <TextInput name="address" value={company.address} onChange={(e) => c('address')(e.target.value)} maxLength={120} invalid={Boolean(errors.address)} />
      </Field>
      <Field label="联系人" error={errors.contact_name}>
        <TextInput name="contact_name" value={company.contact_name} onChange={(e) => c('contact_name')(e.target.value)} maxLength={20} invalid={Boolean(errors.contact_name)} />
      </Field>
      <Field label="联系电话" error={errors.contact_phone} hint="手机号或固定电话，如 027-87654321">
        <TextInput name="contact_phone" value={company.contact_phone} onChange={(e) => c('contact_phone')(e.target.value)} maxLength={20} invalid={Boolean(errors.contact_phone)} />
      </Field>
      <Field label="邀请码" error={errors.invited_code} hint="选填">
        <TextInput name="invited_code" value={company.invited_code} onChange={(e) => c('invited_code')(e.target.value)} maxLength={20} />
      </Field>
      <div className="flex gap-3 pl-[7.75rem]">
        <button type="button" className="h-10 rounded border border-gray-300 px-6" onClick={() => history.back()}>上一步</button>
        <PrimaryButton busy={busy} className="w-48">提交注册</PrimaryButton>
      </div>
    </form>
    </>
  );
}

function trimmed<T extends Record<string, string>>(o: T): T {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, k.startsWith('password') ? v : v.trim()])) as T;
}
