import { badRequest, HttpError } from './errors.ts';
import { readBytesLimited } from './form.ts';

/**
 * Reads a multipart/form-data body with a hard byte limit (checked while streaming, not only by
 * Content-Length) and returns its FormData.
 */
export async function readMultipart(request: Request, maxBytes: number, tooLargeMessage = '文件不能超过5MB'): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw new HttpError(415, '请以表单方式上传文件');
  if (!request.body) throw badRequest('请选择要上传的文件');
  const bytes = await readBytesLimited(request, maxBytes, tooLargeMessage);
  try {
    return await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
  } catch {
    throw badRequest('上传的内容格式不正确');
  }
}
