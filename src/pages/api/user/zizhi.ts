import { z } from 'zod';
import { shopDay } from '#/lib/shopClock.ts';
import { api } from '#/server/http/handler.ts';
import { created, ok } from '#/server/http/respond.ts';
import { parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { readMultipart } from '#/server/http/upload.ts';
import { invalid } from '#/server/errors.ts';
import {
  addLicence,
  LICENCE_MAX_BYTES,
  listLicences,
  licenceStatus,
} from '#/server/qualifications.ts';
import { LICENCE_TYPES } from '#/server/db/schema/index.ts';
import { checkLicenceNumber } from '#/lib/validation.ts';

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const [list, status] = await Promise.all([
    listLicences(user.companyId),
    licenceStatus(user.companyId),
  ]);
  return ok({
    list,
    is_passed: user.isPassed,
    expired: status.expired,
    expiring: status.expiringSoon,
  });
});

const Form = z
  .object({
    type: z.enum(LICENCE_TYPES, { error: '请选择证件类型' }),
    number: z
      .string({ error: '请输入证件编号' })
      .trim()
      .min(1, '请输入证件编号')
      .max(40, '证件编号最多40位')
      .transform((s) => s.toUpperCase()),
    expires_on: z
      .string({ error: '请选择有效期' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, '请选择有效期')
      .refine(
        (d) =>
          !Number.isNaN(Date.parse(d + 'T00:00:00Z')) &&
          new Date(d + 'T00:00:00Z').toISOString().startsWith(d),
        '有效期不正确',
      ),
  })
  .superRefine((f, c) => {
    const msg = checkLicenceNumber(f.type, f.number);
    if (msg) c.addIssue({ code: 'custom', path: ['number'], message: msg });
  });

// Upload a new or renewed licence: multipart with type, number, expires_on and file.
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const data = await readMultipart(ctx.request, LICENCE_MAX_BYTES + 64 * 1024);
  const form = parseWith(Form, {
    type: data.get('type') ?? undefined,
    number: data.get('number') ?? undefined,
    expires_on: data.get('expires_on') ?? undefined,
  });
  if (form.expires_on < shopDay(new Date()))
    throw invalid('expires_on', '证件已过期，请上传有效期内的证件');
  const file = data.get('file');
  if (!(file instanceof File) || file.size === 0) throw invalid('file', '请选择要上传的文件');
  const bytes = new Uint8Array(await file.arrayBuffer());
  return created(
    await addLicence(user.companyId, {
      type: form.type,
      number: form.number,
      expiresOn: form.expires_on,
      bytes,
    }),
  );
});
