import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { invalid, notFound, tooLarge } from '#/server/errors.ts';
import { readForm } from '#/server/http/form.ts';
import { orderInfo } from '#/server/orders/views.ts';
import { receiptSlip, uploadSlip } from '#/server/orders/slips.ts';
import { accept, put } from '#/server/storage.ts';

const MAX_SLIP_BYTES = 4 * 1024 * 1024;
const SLIPS = {
  types: ['image/jpeg', 'image/png', 'application/pdf'],
  maxBytes: MAX_SLIP_BYTES,
} as const;

/** The receipt slip to print, sign and send back (随货回执单): its printable page. */
export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const id = parseWith(idParam, ctx.params['id']);
  if (!(await receiptSlip(user.companyId, String(id)))) throw notFound('该订单没有回执单');
  return new Response(null, { status: 303, headers: { location: `/order/info/${id}/slip` } });
});

/**
 * Upload of the signed slip: form field `file` = a data URL (jpg, png or pdf by content, whatever
 * type it declares; ≤ 4 MB), so the one form-encoding API client can send it.
 */
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const id = parseWith(idParam, ctx.params['id']);
  const form = await readForm(ctx.request, Math.ceil(MAX_SLIP_BYTES * 1.4) + 1024);
  const m =
    typeof form['file'] === 'string'
      ? /^data:[\w.+/-]*;base64,([A-Za-z0-9+/=]+)$/.exec(form['file'])
      : null;
  if (!m) throw invalid('file', '请上传签字盖章后的回执单');
  const slip = accept(Buffer.from(m[1]!, 'base64'), SLIPS);
  if (slip === 'empty') throw invalid('file', '请上传签字盖章后的回执单');
  if (slip === 'too_large') throw tooLarge('文件不能超过4MB');
  if (slip === 'wrong_type') throw invalid('file', '只支持 JPG、PNG 或 PDF 文件');
  await orderInfo(user.companyId, id); // 404 before storing anything for another member's order
  await put('slips', slip);
  return ok(await uploadSlip(user.companyId, id, `slips/${slip.name}`));
});
