// The GSP desk's forms (zod): the goods list's filter and the multipart uploads' fields.
import { z } from 'zod';
import { GOODS_DOCUMENT_KINDS, SHOP_DOCUMENT_KINDS } from '#/lib/gspDocuments.ts';
import { invalid } from '#/server/errors.ts';
import { readMultipart } from '#/server/http/upload.ts';
import { pageParam, parseWith } from '#/server/http/validate.ts';
import { MAX_DOCUMENT_BYTES } from './upload.ts';

export const DESK_STATES = ['all', 'flagged', 'complete'] as const;

export const DeskQuery = z.object({
  state: z.enum(DESK_STATES, { error: '资料状态不正确' }).default('all'),
  q: z.string().trim().max(40, '关键字最多40个字').default(''),
  page: pageParam,
});
export type DeskFilter = z.output<typeof DeskQuery>;

const validUntil = z
  .string({ error: '有效期不正确' })
  .trim()
  .default('')
  .refine(
    (d) =>
      d === '' || (/^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`))),
    '有效期不正确',
  )
  .transform((d) => d || null);

const GoodsDocumentFields = z.object({
  kind: z.enum(GOODS_DOCUMENT_KINDS, { error: '请选择资料类型' }),
  valid_until: validUntil,
});
const ShopDocumentFields = z.object({
  kind: z.enum(SHOP_DOCUMENT_KINDS, { error: '请选择资料类型' }),
  valid_until: validUntil,
});

const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : undefined;
};

async function fileOf(form: FormData): Promise<Uint8Array> {
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw invalid('file', '请选择要上传的文件');
  return new Uint8Array(await file.arrayBuffer());
}

const read = (request: Request) =>
  readMultipart(request, MAX_DOCUMENT_BYTES + 64 * 1024, '文件不能超过10MB');

/** kind, valid_until (optional, YYYY-MM-DD) and file of a goods document. */
export async function readGoodsDocument(request: Request) {
  const form = await read(request);
  const f = parseWith(GoodsDocumentFields, {
    kind: field(form, 'kind'),
    valid_until: field(form, 'valid_until'),
  });
  return { kind: f.kind, validUntil: f.valid_until, bytes: await fileOf(form) };
}

/** kind, valid_until and file of one of the shop's own documents. */
export async function readShopDocument(request: Request) {
  const form = await read(request);
  const f = parseWith(ShopDocumentFields, {
    kind: field(form, 'kind'),
    valid_until: field(form, 'valid_until'),
  });
  return { kind: f.kind, validUntil: f.valid_until, bytes: await fileOf(form) };
}

/** The file of a lot's test report. */
export async function readReport(request: Request): Promise<Uint8Array> {
  return fileOf(await read(request));
}

export const RuleForm = z.object({
  hold_incomplete: z.enum(['0', '1'], { error: '请选择是否启用' }).transform((v) => v === '1'),
});
