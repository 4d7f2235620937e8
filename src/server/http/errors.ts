// Errors a handler throws on purpose; `api()` turns them into the spec's answers.
export class HttpError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;
  constructor(status: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

export const badRequest = (message = '请求格式不正确') => new HttpError(400, message);
export const unauthorized = (message = '请先登录') => new HttpError(401, message);
export const forbidden = (message = '没有权限执行此操作') => new HttpError(403, message);
export const notFound = (message = '内容不存在或已下架') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message = '提交的内容过大') => new HttpError(413, message);
export const tooManyRequests = (message = '操作过于频繁，请稍后再试') => new HttpError(429, message);
/** 459: the member must sign the electronic purchase contract first (client goes to /dzht). */
export const contractRequired = (message = '请先签署电子购销合同') => new HttpError(459, message);

export function unprocessable(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}
