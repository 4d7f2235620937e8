// Finance's credit-terms forms (zod).
import { z } from 'zod';
import { pageParam, perPageParam } from '#/server/http/validate.ts';
import { yuanAmount } from '#/server/transfers/forms.ts';

export const CreditQuery = z.object({
  q: z.string().trim().max(40).default(''),
  page: pageParam,
  per_page: perPageParam(100, 30),
});

export const RepayForm = z.object({
  amount: yuanAmount('还款金额'),
  reference: z
    .string({ error: '请填写银行流水号或转账附言' })
    .trim()
    .min(2, '请填写银行流水号或转账附言')
    .max(60, '流水号最多60字'),
});

/** 余额还款 on /zqgl: an amount in yuan. */
export const BalanceRepayForm = z.object({ amount: yuanAmount('还款金额') });
