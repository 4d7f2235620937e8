// Errors raised on purpose by a rule: a machine code, the Chinese message its reader sees and, for
// INVALID, the fields at fault. Domain modules know nothing of HTTP: the endpoint wrapper
// (http/handler.ts) maps each code to a status.
export type ErrorCode =
  /** the request itself cannot be read (bad JSON, a body where none is allowed) */
  | 'BAD_REQUEST'
  /** no session, or the session has ended */
  | 'UNAUTHENTICATED'
  /** signed in, but this is not theirs to do */
  | 'FORBIDDEN'
  /** no such record for this reader (another store's record is also NOT_FOUND) */
  | 'NOT_FOUND'
  /** the record's state or version changed meanwhile, or it exists already */
  | 'CONFLICT'
  /** fewer units on hand than asked for */
  | 'OUT_OF_STOCK'
  /** the payable the buyer confirmed is no longer what the order costs */
  | 'PRICE_CHANGED'
  /** the last 含麻 order's signed receipt slip is not back yet */
  | 'RECEIPT_SLIP_MISSING'
  /** a body, file or query past its limit */
  | 'TOO_LARGE'
  | 'URI_TOO_LONG'
  /** a file or body of a kind this call does not take */
  | 'UNSUPPORTED_MEDIA'
  /** a field's value breaks a rule; `fields` says which */
  | 'INVALID'
  | 'LOGIN_FAILED'
  | 'RATE_LIMITED'
  /** the member must sign the e-contract first (SPEC §8: 459, the client goes to /dzht) */
  | 'CONTRACT_REQUIRED'
  /** a payment notification that is not authentic or does not match our payment */
  | 'NOTIFY_INVALID'
  /** a payment provider did not answer, or answered with a fault: the same call may be tried again */
  | 'PROVIDER_FAILED';

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.fields = fields;
  }
}

export const isDomainError = (e: unknown, code?: ErrorCode): e is DomainError =>
  e instanceof DomainError && (code === undefined || e.code === code);

export const badRequest = (message = '请求格式不正确') => new DomainError('BAD_REQUEST', message);
export const unauthenticated = (message = '请先登录') =>
  new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message = '没有权限执行此操作') => new DomainError('FORBIDDEN', message);
export const notFound = (message = '内容不存在或已下架') => new DomainError('NOT_FOUND', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const outOfStock = (goodsName: string) =>
  new DomainError('OUT_OF_STOCK', `${goodsName}库存不足，请修改数量后重新提交`);
/** A full-price line whose goods only has lots left that the near-expiry zone sells at a discount. */
export const nearExpiryOnly = (goodsName: string, regular: number) =>
  new DomainError(
    'OUT_OF_STOCK',
    `${goodsName}常规效期库存${regular > 0 ? `仅剩${regular}` : '已售完'}，其余为近效期特价批号，请到“近效期专场”按近效期特价购买，或修改数量后重新提交`,
  );
export const tooLarge = (message = '提交的内容过大') => new DomainError('TOO_LARGE', message);
export const unsupportedMedia = (message: string) => new DomainError('UNSUPPORTED_MEDIA', message);
export const rateLimited = (message = '操作过于频繁，请稍后再试') =>
  new DomainError('RATE_LIMITED', message);
export const contractRequired = (message = '请先签署电子购销合同') =>
  new DomainError('CONTRACT_REQUIRED', message);
export const notifyInvalid = (message: string) => new DomainError('NOTIFY_INVALID', message);
export const providerFailed = (message: string) => new DomainError('PROVIDER_FAILED', message);

/** A rule broken by one field's value. */
export function invalid(field: string, message: string): DomainError {
  return new DomainError('INVALID', message, { [field]: [message] });
}
