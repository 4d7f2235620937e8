// The HTTP status of each domain error code (server/errors.ts): the one place the two meet.
import type { ErrorCode } from '../errors.ts';

export const STATUS_OF: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  LOGIN_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  PRICE_CHANGED: 409,
  TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA: 415,
  INVALID: 422,
  RECEIPT_SLIP_MISSING: 422,
  RATE_LIMITED: 429,
  CONTRACT_REQUIRED: 459,
  NOTIFY_INVALID: 400,
  PROVIDER_FAILED: 502,
};
