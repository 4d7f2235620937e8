import ky, { HTTPError, TimeoutError } from 'ky';
import { formEncode } from '#/lib/formEncode.ts';
import {
  CONTRACT_PATH,
  CONTRACT_REQUIRED_CODE,
  FORM_ERROR_CODE,
  LOGIN_REQUIRED_CODES,
  REQUEST_TIMEOUT_MS,
} from '#/lib/constants.ts';
import { alertDialog, notify, toast } from '#/stores/notice.ts';

// The spec's one client: configured base URL, 30 s timeout, credentials, form-encoded bodies
// (qs bracket format, see lib/formEncode.ts).
const http = ky.create({
  baseUrl:
    import.meta.env.PUBLIC_API_BASE ??
    (typeof location === 'undefined' ? 'http://localhost/' : location.origin + '/'),
  timeout: REQUEST_TIMEOUT_MS,
  credentials: 'include',
  retry: 0,
  throwHttpErrors: true,
});

export const SERVER_BUSY_MESSAGE = '系统繁忙，请稍后再试';
export const TIMEOUT_MESSAGE = '网络请求超时，请刷新页面后重试';

/** Thrown after the catalogue has shown the buyer what went wrong; callers only stop. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  constructor(status: number, message: string, data?: unknown) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

/** A request replaced by a newer one to the same path: nothing is shown. */
export class ApiAborted extends Error {}

// A new request to the same path cancels the pending one, except these (SPEC 7).
const NEVER_CANCEL = new Set([
  '/api/cart',
  '/api/favorite',
  '/api/favorite/cancel',
  '/api/activity/tap',
]);
const pending = new Map<string, AbortController>();

const normalise = (path: string) => '/' + path.replace(/^\/+/, '').split('?')[0];

export interface CallOptions {
  /** Do not show anything for errors (e.g. header refreshes the spec lets fail quietly). */
  silent?: boolean;
  /**
   * Neither cancels nor can be cancelled by another request to the same path: for a second
   * reader of the same resource (e.g. the toolbar's cart drawer beside the cart page).
   */
  independent?: boolean;
}

type Message = { message?: string; errors?: Record<string, string[]>; code?: number };

/** Applies SPEC 8's catalogue to a failed call, then throws ApiError (or ApiAborted). */
export function handleApiError(error: unknown, opts: CallOptions = {}): never {
  if (
    error instanceof ApiAborted ||
    (error instanceof DOMException && error.name === 'AbortError')
  ) {
    throw new ApiAborted('aborted');
  }
  if (error instanceof TimeoutError) {
    if (!opts.silent) notify({ kind: 'timeout', message: TIMEOUT_MESSAGE });
    throw new ApiError(0, TIMEOUT_MESSAGE);
  }
  if (error instanceof HTTPError) {
    const status = error.response.status;
    const data = (error.data ?? {}) as Message;
    const message = typeof data.message === 'string' ? data.message : '';
    if (!opts.silent) showForStatus(status, message, data);
    throw new ApiError(status, status >= 500 ? SERVER_BUSY_MESSAGE : message, data);
  }
  if (error instanceof ApiError) throw error;
  if (!opts.silent) alertDialog('网络连接失败，请检查网络后重试');
  throw new ApiError(0, '网络连接失败');
}

/**
 * For an island's catch: a failed call was already shown to the buyer (ApiError) or replaced by a
 * newer one (ApiAborted), so the action just stops; anything else is a bug and is rethrown.
 */
export function ignoreHandled(error: unknown): void {
  if (error instanceof ApiError || error instanceof ApiAborted) return;
  throw error;
}

export function goToLogin(): void {
  const back = location.pathname + location.search;
  // Staff sign in at the back office's own door.
  const door = location.pathname.startsWith('/admin') ? '/admin/login' : '/login';
  location.assign(`${door}?redirect=${encodeURIComponent(back)}`);
}

function showForStatus(status: number, message: string, data: Message): void {
  if (LOGIN_REQUIRED_CODES.includes(status) || LOGIN_REQUIRED_CODES.includes(Number(data.code))) {
    goToLogin();
  } else if (status === FORM_ERROR_CODE) {
    const first = Object.values(data.errors ?? {})[0]?.[0] ?? message;
    notify({ kind: 'toast', message: first || '提交的数据不正确', icon: 'error' });
  } else if (status === CONTRACT_REQUIRED_CODE) {
    toast(message || '请先签署电子购销合同', 'error');
    setTimeout(() => location.assign(CONTRACT_PATH), 1200);
  } else if (status >= 500) {
    alertDialog(SERVER_BUSY_MESSAGE, { icon: 'error' });
  } else {
    alertDialog(message || '操作失败', { icon: 'error' });
  }
}

async function call<T>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  payload: object | undefined,
  opts: CallOptions,
): Promise<T> {
  const key = normalise(path);
  let controller: AbortController | undefined;
  if (!NEVER_CANCEL.has(key) && !opts.independent) {
    pending.get(key)?.abort();
    controller = new AbortController();
    pending.set(key, controller);
  }
  try {
    const body = method === 'post' || method === 'put' ? formEncode(payload ?? {}) : undefined;
    const searchParams =
      method === 'get' || method === 'delete' ? formEncode(payload ?? {}) : undefined;
    const res = await http(key.slice(1), {
      method,
      ...(controller ? { signal: controller.signal } : {}),
      ...(searchParams ? { searchParams } : {}),
      ...(body !== undefined
        ? { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
        : {}),
    });
    const json = (await res.json().catch(() => ({}))) as {
      data?: T;
      code?: number;
      message?: string;
    };
    if (LOGIN_REQUIRED_CODES.includes(Number(json.code))) {
      if (!opts.silent) goToLogin();
      throw new ApiError(401, json.message ?? '请先登录');
    }
    return json as T;
  } catch (error) {
    if (controller?.signal.aborted) throw new ApiAborted('aborted');
    return handleApiError(error, opts);
  } finally {
    if (controller && pending.get(key) === controller) pending.delete(key);
  }
}

/** Calls return the whole JSON answer (`{data, …}`; paged lists add current_page etc.). */
export const api = {
  get: <T = unknown>(path: string, query?: object, opts: CallOptions = {}) =>
    call<T>('get', path, query, opts),
  post: <T = unknown>(path: string, body?: object, opts: CallOptions = {}) =>
    call<T>('post', path, body, opts),
  put: <T = unknown>(path: string, body?: object, opts: CallOptions = {}) =>
    call<T>('put', path, body, opts),
  delete: <T = unknown>(path: string, query?: object, opts: CallOptions = {}) =>
    call<T>('delete', path, query, opts),
  /** A multipart upload (files); same error catalogue, never cancelled by a newer call. */
  upload: async <T = unknown>(path: string, form: FormData, opts: CallOptions = {}): Promise<T> => {
    try {
      const res = await http(normalise(path).slice(1), { method: 'post', body: form });
      return (await res.json()) as T;
    } catch (error) {
      handleApiError(error, opts);
    }
  },
};
