import type { FormEvent } from 'react';
import { COMPANY_TYPE_LABELS, PROVINCES } from '#/lib/validation.ts';
import { Field, fieldBinder, PrimaryButton, Select, TextField, TextInput } from '../ui.tsx';
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
  const bind = fieldBinder(company, (k, v) => c(k)(v), errors);
  return (
    <form
      onSubmit={props.onSubmit}
      noValidate
      data-testid="register-step2"
      className="mx-auto max-w-xl"
    >
      <TextField
        label="企业名称"
        hint="与营业执照上的名称一致"
        {...bind('company_name')}
        maxLength={60}
      />
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
          <TextInput {...bind('city')} placeholder="城市" maxLength={30} />
          <TextInput {...bind('district')} placeholder="区县（选填）" maxLength={30} />
        </span>
      </Field>
      <TextField label="详细地址" {...bind('address')} maxLength={120} />
      <TextField label="联系人" {...bind('contact_name')} maxLength={20} />
      <TextField
        label="联系电话"
        hint="手机号或固定电话，如 027-87654321"
        {...bind('contact_phone')}
        maxLength={20}
      />
      <TextField label="邀请码" hint="选填" {...bind('invited_code')} maxLength={20} />
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
