// A small per-process cache of promises that expire after `ttlMs` (SPEC: lists may be up to 5 s
// old). Processes share nothing, so anything cached here must be fine to serve a few seconds stale.
export interface TtlCache<V> {
  (key: string, load: () => PromiseLike<V> | V): Promise<V>;
  /** drops one entry (this process wrote what it holds), or every entry */
  forget: (key?: string) => void;
  /** whether `key` holds an entry (fresh or not yet evicted) */
  has: (key: string) => boolean;
}

export function ttlCache<V>(ttlMs: number, maxEntries = 500): TtlCache<V> {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  const get = async (key: string, load: () => PromiseLike<V> | V): Promise<V> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at <= ttlMs) return hit.value;
    if (entries.size >= maxEntries) {
      // Entries are in the order they were loaded (a reload moves its key to the end, below), so
      // the expired ones are at the front: stop at the first fresh one. Scanning them all made
      // every miss of a full cache cost the whole map (the detail page's documents box, 2,000
      // entries, was a sixth of a detail page's CPU with buyers opening goods after goods).
      for (const [k, e] of entries) {
        if (now - e.at <= ttlMs) break;
        entries.delete(k);
      }
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    }
    // A drizzle query is a thenable that runs again on every await: settle it once, here.
    const value = (async () => load())();
    entries.delete(key);
    entries.set(key, { at: now, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
  return Object.assign(get, {
    forget: (key?: string) => (key === undefined ? entries.clear() : void entries.delete(key)),
    has: (key: string) => entries.has(key),
  });
}
