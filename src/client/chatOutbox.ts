// Messages waiting to be sent: each carries the id its client made, so sending it again after a
// drop (offline, server restart, reconnect) stores it once. A refusal (4xx other than 429) drops
// it and says why; anything else keeps it for the next try.
import { api, ApiAborted, ApiError } from './api.ts';

export interface Outgoing {
  clientId: string;
  path: string;
  body: Record<string, unknown> | FormData;
}

interface OutboxOptions<T> {
  onSent: (item: Outgoing, message: T) => void;
  onRefused: (item: Outgoing, reason: string) => void;
}

const RETRY_MS = [1000, 2000, 5000, 10_000];

export function makeOutbox<T>(opts: OutboxOptions<T>) {
  const queue: Outgoing[] = [];
  let running = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function post(item: Outgoing): Promise<T> {
    const res =
      item.body instanceof FormData
        ? await api.upload<{ data: T }>(item.path, item.body, { silent: true })
        : await api.post<{ data: T }>(item.path, item.body, { silent: true, independent: true });
    return res.data;
  }

  async function run(): Promise<void> {
    if (running) return;
    running = true;
    clearTimeout(timer);
    try {
      while (queue.length > 0) {
        const item = queue[0]!;
        try {
          const message = await post(item);
          queue.shift();
          failures = 0;
          opts.onSent(item, message);
        } catch (error) {
          if (!(error instanceof ApiError || error instanceof ApiAborted)) throw error;
          const status = error instanceof ApiError ? error.status : 0;
          if (status >= 400 && status < 500 && status !== 429) {
            queue.shift();
            opts.onRefused(item, error.message || '发送失败');
            continue;
          }
          const wait = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!;
          timer = setTimeout(() => void run(), wait);
          return;
        }
      }
    } finally {
      running = false;
    }
  }

  let listening = false;
  return {
    send(item: Outgoing) {
      // Registered at the first send, not when made: islands make theirs while rendered on the server.
      if (!listening) window.addEventListener('online', () => void run());
      listening = true;
      queue.push(item);
      void run();
    },
    /** the connection came back: try what waits now */
    flush: () => void run(),
  };
}

/** A client-made message id (the server keeps one message per id). */
export const newClientId = () => crypto.randomUUID();
