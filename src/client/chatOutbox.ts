// Messages waiting to be sent: each carries the id its client made, so sending it again after a
// drop (offline, server restart, reconnect, a reload of the page) stores it once. A refusal (4xx
// other than 429) drops it and says why; anything else keeps it for the next try.
import { api, ApiAborted, ApiError } from './api.ts';

export interface Outgoing {
  clientId: string;
  path: string;
  body: Record<string, unknown> | FormData;
  /** what the page shows while it waits */
  preview?: string;
}

/** Where waiting messages outlive the page: text and cards, not pictures (a File cannot be kept). */
export interface OutboxStore {
  load(): Outgoing[];
  save(items: readonly Outgoing[]): void;
}

/** One localStorage entry per member, so another login on this browser never sends them. */
export function localOutboxStore(member: string): OutboxStore {
  const key = `yaopi.chat.outbox.${member}`;
  return {
    load() {
      try {
        const items: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
        return Array.isArray(items) ? (items as Outgoing[]) : [];
      } catch {
        return [];
      }
    },
    save(items) {
      const kept = items.filter((i) => !(i.body instanceof FormData));
      try {
        if (kept.length) localStorage.setItem(key, JSON.stringify(kept));
        else localStorage.removeItem(key);
      } catch {
        // Storage full or refused (private mode): the queue still lives for this page.
      }
    },
  };
}

interface OutboxOptions<T> {
  onSent: (item: Outgoing, message: T) => void;
  onRefused: (item: Outgoing, reason: string) => void;
}

const RETRY_MS = [1000, 2000, 5000, 10_000];

export function makeOutbox<T>(opts: OutboxOptions<T>) {
  const queue: Outgoing[] = [];
  let store: OutboxStore | null = null;
  const persist = () => store?.save(queue);
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
          persist();
          failures = 0;
          opts.onSent(item, message);
        } catch (error) {
          if (!(error instanceof ApiError || error instanceof ApiAborted)) throw error;
          const status = error instanceof ApiError ? error.status : 0;
          if (status >= 400 && status < 500 && status !== 429) {
            queue.shift();
            persist();
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
  const listen = () => {
    // Registered at first use, not when made: islands make theirs while rendered on the server.
    if (!listening) window.addEventListener('online', () => void run());
    listening = true;
  };
  return {
    send(item: Outgoing) {
      listen();
      queue.push(item);
      persist();
      void run();
    },
    /** the connection came back: try what waits now */
    flush: () => void run(),
    /**
     * Keeps the queue in `next` from now on (the member is known) and takes over what an earlier
     * page left there; answers those taken over. Sending one twice (two tabs) still stores it once.
     */
    keepIn(next: OutboxStore): Outgoing[] {
      store = next;
      const waiting = new Set(queue.map((i) => i.clientId));
      const left = next.load().filter((i) => !waiting.has(i.clientId));
      queue.push(...left);
      persist();
      if (left.length) {
        listen();
        void run();
      }
      return left;
    },
  };
}

/** A client-made message id (the server keeps one message per id). */
export const newClientId = () => crypto.randomUUID();
