import { badRequest, unsupportedMedia } from '../errors.ts';
import { assertPlainText, readBytesLimited } from './form.ts';

/**
 * Reads a multipart/form-data body with a hard byte limit (checked while streaming, not only by
 * Content-Length) and returns its FormData.
 */
export async function readMultipart(
  request: Request,
  maxBytes: number,
  tooLargeMessage = '文件不能超过5MB',
): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw unsupportedMedia('请以表单方式上传文件');
  if (!request.body) throw badRequest('请选择要上传的文件');
  const bytes = await readBytesLimited(request, maxBytes, tooLargeMessage);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    throw badRequest('上传的内容格式不正确');
  }
  for (const [name, value] of form) {
    assertPlainText(name);
    if (typeof value === 'string') assertPlainText(value, name);
  }
  return form;
}
