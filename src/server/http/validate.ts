import { z } from 'zod';
import { DomainError } from '../errors.ts';

z.config(z.locales.zhCN());

/** Field errors as the API sends them: field path → messages, first failing field first. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function validationError(error: z.ZodError): DomainError {
  const errors = fieldErrors(error);
  const first = Object.values(errors)[0]?.[0] ?? '提交的数据不正确';
  return new DomainError('INVALID', first, errors);
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

// Shared field schemas: query strings arrive as strings, forms as strings or arrays.
export const idParam = z.coerce
  .number({ error: '编号不正确' })
  .int('编号不正确')
  .positive('编号不正确')
  .max(2_147_483_647, '编号不正确');
export const pageParam = z.coerce
  .number({ error: '页码不正确' })
  .int('页码不正确')
  .min(1, '页码不正确')
  .max(100_000, '页码不正确')
  .default(1);
export const perPageParam = (max = 100, fallback = 20) =>
  z.coerce
    .number({ error: '每页数量不正确' })
    .int('每页数量不正确')
    .min(1, '每页数量不正确')
    .max(max, `每页最多 ${max} 条`)
    .default(fallback);
/** Accepts `ids[]=1&ids[]=2`, `ids=1,2` or a single id. */
export const idList = (max = 500) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'string')
        return v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
      if (typeof v === 'number') return [v];
      if (v && typeof v === 'object' && !Array.isArray(v)) return Object.values(v);
      return v;
    },
    z
      .array(idParam, { error: '请选择商品' })
      .min(1, '请至少选择一项')
      .max(max, `一次最多 ${max} 项`),
  );

/** A title staff give something buyers see (an ad, a zone): 1–30 characters of plain text. */
export const titleField = z
  .string({ error: '请填写标题' })
  .trim()
  .min(1, '请填写标题')
  .max(30, '标题最多30个字')
  .refine((s) => !/[<>\u0000-\u001f]/.test(s), '标题含有不允许的字符');
