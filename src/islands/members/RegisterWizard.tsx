// Registration steps 1 (account) and 2 (company) in one island: the password never leaves memory.
// Step 1 is checked by the server (uniqueness, SMS code) before step 2 shows; step 2 registers,
// logs in and moves to step 3 (licences, then review).
import { useEffect, useState, type FormEvent } from 'react';
import { api } from '#/client/api.ts';
import AccountStep from './register/AccountStep.tsx';
import CompanyStep from './register/CompanyStep.tsx';
import {
  EMPTY_ACCOUNT,
  EMPTY_COMPANY,
  accountErrors,
  companyErrors,
  trimmed,
  type RegisterErrors,
} from './register/fields.ts';
import StepBar, { REGISTER_STEPS } from './StepBar.tsx';
import { attempt } from './ui.tsx';

export default function RegisterWizard(props: {
  base: string;
  initialStep: 1 | 2;
  agreementUrl: string;
}) {
  const [step, setStep] = useState<1 | 2>(1);
  const [account, setAccount] = useState(EMPTY_ACCOUNT);
  const [company, setCompany] = useState(EMPTY_COMPANY);
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Step 2 opened directly (reload, bookmark): the account part is gone, start over.
    if (props.initialStep === 2) history.replaceState(null, '', `${props.base}/step1`);
    const onPop = () => setStep(location.pathname.endsWith('/step2') ? 2 : 1);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [props.base, props.initialStep]);

  const submitAccount = async (e: FormEvent) => {
    e.preventDefault();
    const next = accountErrors(account, agree);
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
    const next = companyErrors(company);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const ok = await attempt(setBusy, () =>
      api.post('/api/register', { ...trimmed(account), ...trimmed(company) }),
    );
    if (!ok) return;
    sessionStorage.setItem('login', '1');
    location.assign(`${props.base}/step3`);
  };

  return (
    <>
      <StepBar steps={REGISTER_STEPS} active={step} />
      {step === 1 ? (
        <AccountStep
          account={account}
          onAccount={setAccount}
          agree={agree}
          onAgree={setAgree}
          errors={errors}
          onErrors={setErrors}
          busy={busy}
          agreementUrl={props.agreementUrl}
          onSubmit={submitAccount}
        />
      ) : (
        <CompanyStep
          company={company}
          onCompany={setCompany}
          errors={errors}
          busy={busy}
          onSubmit={submitCompany}
        />
      )}
    </>
  );
}
