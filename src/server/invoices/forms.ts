// The invoice forms (zod): the buyer's 开票信息, and what finance enters with the uploaded file.
import { z } from 'zod';
import { pageParam, perPageParam } from '#/server/http/validate.ts';
import { yuanToFen } from '#/lib/money.ts';
import { INVOICE_QUEUE_STATES } from './queue.ts';

const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .max(max, `${label}最多${max}字`);

/** 统一社会信用代码 (18 characters) or an older 15–20 character 纳税人识别号. */
const TAX_NO = /^[0-9A-Z]{15,20}$/;

export const InvoiceProfileForm = z.object({
  title: text('发票抬头', 100).min(2, '请填写发票抬头'),
  tax_no: z
    .string({ error: '请填写纳税人识别号' })
    .trim()
    .toUpperCase()
    .regex(TAX_NO, '纳税人识别号为15–20位数字或大写字母'),
  bank: text('开户银行', 100).default(''),
  account: text('银行账号', 40)
    .regex(/^[0-9 -]*$/, '银行账号只能包含数字')
    .default(''),
  address_phone: text('注册地址及电话', 200).default(''),
});
export type InvoiceProfileInput = z.output<typeof InvoiceProfileForm>;

const fen = (label: string, min: number) =>
  z.union([z.string(), z.number()], { error: `请填写${label}` }).transform((v, ctx) => {
    const f = yuanToFen(v);
    if (f === null || f < min || f > 2_000_000_000) {
      ctx.addIssue({ code: 'custom', message: `${label}不正确` });
      return z.NEVER;
    }
    return f;
  });

/** Form field `file` is a data URL (PDF or OFD by content), as the slip upload sends it. */
export const InvoiceUploadForm = z.object({
  number: z
    .string({ error: '请填写发票号码' })
    .trim()
    .regex(/^\d{8,20}$/, '发票号码为8–20位数字'),
  issued_on: z
    .string({ error: '请填写开票日期' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, '开票日期格式为 YYYY-MM-DD')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), '开票日期不正确'),
  amount: fen('价税合计', 1),
  tax_amount: fen('税额', 0),
  file: z.string({ error: '请选择发票文件（PDF 或 OFD）' }),
});
export type InvoiceUploadInput = z.output<typeof InvoiceUploadForm>;

/** Finance's invoices to issue, a page at a time. */
export const InvoiceQueueQuery = z.object({
  state: z.enum(INVOICE_QUEUE_STATES, { error: '列表不正确' }).default('to_issue'),
  page: pageParam,
  per_page: perPageParam(100, 30),
});

/** Voiding an invoice red-lettered on the tax platform: why, for the store and the audit log. */
export const InvoiceVoidForm = z.object({
  reason: text('作废原因', 200).min(2, '请填写作废原因'),
});
