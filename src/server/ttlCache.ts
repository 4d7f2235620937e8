// A small per-process cache of promises that expire after `ttlMs` (SPEC: lists may be up to 5 s
// old). Processes share nothing, so anything cached here must be fine to serve a few seconds stale.
export function ttlCache<V>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return async function get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at <= ttlMs) return hit.value;
    if (entries.size >= maxEntries) {
      for (const [k, e] of entries) if (now - e.at > ttlMs) entries.delete(k);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    }
    const value = load();
    entries.set(key, { at: now, value });
    value.catch(() => { if (entries.get(key)?.value === value) entries.delete(key); });
    return value;
  };
}
