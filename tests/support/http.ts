import qs from 'qs';
import { inject } from 'vitest';

export const baseURL = () => inject('baseURL');

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny HTTP client for API tests: form-encoded bodies, an Origin header, a cookie jar. */
export class Client {
  cookies = new Map<string, string>();
  readonly base: string;
  readonly origin: string | null;
  constructor(base = baseURL(), origin: string | null = base) {
    this.base = base;
    this.origin = origin;
  }

  async request<T = any>(
    method: string,
    path: string,
    opts: { query?: object; form?: object; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const url = new URL(path, this.base);
    if (opts.query) url.search = qs.stringify(opts.query);
    const headers: Record<string, string> = { ...opts.headers };
    if (this.origin) headers['origin'] = this.origin;
    if (this.cookies.size)
      headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body = opts.body;
    if (opts.form) {
      body = qs.stringify(opts.form);
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(url, { method, headers, body: body ?? null, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const value = v.join('=');
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, query?: object) {
    return this.request<T>('GET', path, query ? { query } : {});
  }
  post<T = any>(path: string, form?: object) {
    return this.request<T>('POST', path, form ? { form } : {});
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}
