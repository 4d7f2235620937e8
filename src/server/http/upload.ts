import { badRequest, HttpError, tooLarge } from './errors.ts';

/**
 * Reads a multipart/form-data body with a hard byte limit (checked while streaming, not only by
 * Content-Length) and returns its FormData.
 */
export async function readMultipart(request: Request, maxBytes: number): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new HttpError(415, '请以表单方式上传文件');
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) throw tooLarge('文件不能超过5MB');
  if (!request.body) throw badRequest('请选择要上传的文件');
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge('文件不能超过5MB');
    }
    chunks.push(value);
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
  } catch {
    throw badRequest('上传的内容格式不正确');
  }
}
