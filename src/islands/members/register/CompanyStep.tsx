import type { FormEvent } from 'react';
import { COMPANY_TYPE_LABELS, PROVINCES } from '#/lib/validation.ts';
import { Field, PrimaryButton, Select, TextInput } from '../ui.tsx';
import type { Company, CompanyKey, RegisterErrors } from './fields.ts';

const TYPE_OPTIONS = Object.entries(COMPANY_TYPE_LABELS) as [string, string][];
const PROVINCE_OPTIONS = PROVINCES.map((p) => [p, p] as const);

/** Step 2: the buying company (store) and its contact; submitting registers. */
export default function CompanyStep(props: {
  company: Company;
  onCompany: (company: Company) => void;
  errors: RegisterErrors;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
}) {
  const { company, errors } = props;
  const c = (k: CompanyKey) => (v: string) => props.onCompany({ ...company, [k]: v });
  return (
    <form
      onSubmit={props.onSubmit}
      noValidate
      data-testid="register-step2"
      className="mx-auto max-w-xl"
    >
      <Field label="企业名称" error={errors.company_name} hint="与营业执照上的名称一致">
        <TextInput
          name="company_name"
          value={company.company_name}
          onChange={(e) => c('company_name')(e.target.value)}
          maxLength={60}
          invalid={Boolean(errors.company_name)}
        />
      </Field>
      <Field label="企业类型" error={errors.company_type}>
        <Select
          name="company_type"
          value={company.company_type}
          onChange={c('company_type')}
          options={TYPE_OPTIONS}
          placeholder="请选择"
          invalid={Boolean(errors.company_type)}
        />
      </Field>
      <Field label="所在省份" error={errors.province}>
        <Select
          name="province"
          value={company.province}
          onChange={c('province')}
          options={PROVINCE_OPTIONS}
          placeholder="请选择"
          invalid={Boolean(errors.province)}
        />
      </Field>
      <Field label="城市 / 区县" error={errors.city ?? errors.district}>
        <span className="flex gap-2">
          <TextInput
            name="city"
            placeholder="城市"
            value={company.city}
            onChange={(e) => c('city')(e.target.value)}
            maxLength={30}
            invalid={Boolean(errors.city)}
          />
          <TextInput
            name="district"
            placeholder="区县（选填）"
            value={company.district}
            onChange={(e) => c('district')(e.target.value)}
            maxLength={30}
          />
        </span>
      </Field>
      <Field label="详细地址" error={errors.address}>
        <TextInput
          name="address"
          value={company.address}
          onChange={(e) => c('address')(e.target.value)}
          maxLength={120}
          invalid={Boolean(errors.address)}
        />
      </Field>
      <Field label="联系人" error={errors.contact_name}>
        <TextInput
          name="contact_name"
          value={company.contact_name}
          onChange={(e) => c('contact_name')(e.target.value)}
          maxLength={20}
          invalid={Boolean(errors.contact_name)}
        />
      </Field>
      <Field label="联系电话" error={errors.contact_phone} hint="手机号或固定电话，如 027-87654321">
        <TextInput
          name="contact_phone"
          value={company.contact_phone}
          onChange={(e) => c('contact_phone')(e.target.value)}
          maxLength={20}
          invalid={Boolean(errors.contact_phone)}
        />
      </Field>
      <Field label="邀请码" error={errors.invited_code} hint="选填">
        <TextInput
          name="invited_code"
          value={company.invited_code}
          onChange={(e) => c('invited_code')(e.target.value)}
          maxLength={20}
        />
      </Field>
      <div className="flex gap-3 pl-[7.75rem]">
        <button
          type="button"
          className="h-10 rounded border border-gray-300 px-6"
          onClick={() => history.back()}
        >
          上一步
        </button>
        <PrimaryButton busy={props.busy} className="w-48">
          提交注册
        </PrimaryButton>
      </div>
    </form>
  );
}
