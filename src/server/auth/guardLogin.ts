import { z } from 'zod';
import { passChallenge } from './captcha.ts';
import {
  captchaRefusal,
  chargeLoginAttempt,
  clearAfterLogin,
  loginFailure,
  needsCaptcha,
  settleFailure,
  takeBackCharge,
  type LoginKeys,
} from './throttle.ts';

/** The captcha's two fields of a login form (both doors). */
export const CaptchaFields = {
  captcha_id: z.string().trim().max(64, '验证码已失效，请刷新').optional(),
  captcha: z.string().trim().max(16, '验证码不正确，请重新输入').optional(),
};

/**
 * One login attempt through the throttle: charged first, the captcha checked when the account
 * needs it, then the credentials; a failure says what is left, a success clears the counters.
 */
export async function guardLogin<T>(
  keys: LoginKeys,
  form: { captcha_id?: string | undefined; captcha?: string | undefined },
  failedMessage: string,
  check: () => Promise<T | null>,
): Promise<T> {
  const charge = await chargeLoginAttempt(keys);
  if (needsCaptcha(charge) && !(await passChallenge(form.captcha_id ?? '', form.captcha ?? ''))) {
    await takeBackCharge(charge);
    throw captchaRefusal(Boolean(form.captcha));
  }
  const who = await check();
  if (!who) {
    await settleFailure(charge);
    throw loginFailure(charge, failedMessage);
  }
  await clearAfterLogin(charge);
  return who;
}
