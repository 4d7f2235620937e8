import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { api } from '../../../../server/http/handler.ts';
import { ok } from '../../../../server/http/respond.ts';
import { idParam, parseWith } from '../../../../server/http/validate.ts';
import { requireUser } from '../../../../server/http/auth.ts';
import { badRequest, tooLarge, unprocessable } from '../../../../server/http/errors.ts';
import { orderInfo, uploadSlip } from '../../../../server/orders.ts';
import { uploadsDir } from '../../../../server/config.ts';

const MAX_SLIP_BYTES = 4 * 1024 * 1024;
const TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/** The receipt slip to print, sign and send back (随货回执单). */
export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const o = await orderInfo(user.companyId, parseWith(idParam, ctx.params['id']));
  if (!o.is_ephedrine) throw unprocessable('id', '该订单没有回执单');
  const rows = o.lines.map((l) => `${l.name}\t${l.ypgg}\t${l.sccj}\t${l.number}${l.bzdw}\t${l.lots.map((x) => `${x.batch_no}(${x.expires_on})`).join(',')}`);
  const text = ['含麻黄碱类药品购进回执单', `订单号：${o.no}`, `下单时间：${o.created_at}`, '', '品名\t规格\t生产厂家\t数量\t批号(有效期)', ...rows, '', '收货单位（盖章）：__________  收货人签字：__________  日期：__________'].join('\r\n');
  return new Response('\ufeff' + text, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': `attachment; filename="receipt-${o.no}.txt"` },
  });
});

/** Upload of the signed slip (multipart field `file`: jpg, png or pdf, ≤ 4 MB). */
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const id = parseWith(idParam, ctx.params['id']);
  if (Number(ctx.request.headers.get('content-length') ?? 0) > MAX_SLIP_BYTES) throw tooLarge('文件不能超过4MB');
  let form: FormData;
  try { form = await ctx.request.formData(); } catch { throw badRequest('请上传签字盖章后的回执单'); }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw unprocessable('file', '请上传签字盖章后的回执单');
  const ext = TYPES[file.type];
  if (!ext) throw unprocessable('file', '只支持 JPG、PNG 或 PDF 文件');
  if (file.size > MAX_SLIP_BYTES) throw tooLarge('文件不能超过4MB');
  const dir = path.join(uploadsDir(), 'slips');
  await mkdir(dir, { recursive: true });
  const name = `${user.companyId}-${id}-${Date.now()}.${ext}`;
  await orderInfo(user.companyId, id); // 404 before writing anything for another member's order
  await writeFile(path.join(dir, name), Buffer.from(await file.arrayBuffer()));
  return ok(await uploadSlip(user.companyId, id, `slips/${name}`));
});
