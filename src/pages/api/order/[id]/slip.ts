import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { api } from '../../../../server/http/handler.ts';
import { ok } from '../../../../server/http/respond.ts';
import { idParam, parseWith } from '../../../../server/http/validate.ts';
import { requireUser } from '../../../../server/http/auth.ts';
import { tooLarge, unprocessable } from '../../../../server/http/errors.ts';
import { readForm } from '../../../../server/http/form.ts';
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

/**
 * Upload of the signed slip: form field `file` = a data URL (jpg, png or pdf, ≤ 4 MB), so the
 * one form-encoding API client can send it.
 */
export const POST = api(async (ctx) => {
  const user = requireUser(ctx);
  const id = parseWith(idParam, ctx.params['id']);
  const form = await readForm(ctx.request, Math.ceil(MAX_SLIP_BYTES * 1.4) + 1024);
  const m = typeof form['file'] === 'string' ? /^data:([a-z/]+);base64,([A-Za-z0-9+/=]+)$/.exec(form['file']) : null;
  if (!m) throw unprocessable('file', '请上传签字盖章后的回执单');
  const ext = TYPES[m[1]!];
  if (!ext) throw unprocessable('file', '只支持 JPG、PNG 或 PDF 文件');
  const bytes = Buffer.from(m[2]!, 'base64');
  if (bytes.length === 0) throw unprocessable('file', '请上传签字盖章后的回执单');
  if (bytes.length > MAX_SLIP_BYTES) throw tooLarge('文件不能超过4MB');
  await orderInfo(user.companyId, id); // 404 before writing anything for another member's order
  const dir = path.join(uploadsDir(), 'slips');
  await mkdir(dir, { recursive: true });
  const name = `${user.companyId}-${id}-${Date.now()}.${ext}`;
  await writeFile(path.join(dir, name), bytes);
  return ok(await uploadSlip(user.companyId, id, `slips/${name}`));
});
