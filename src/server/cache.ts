// Every in-process cache, by name, and invalidation by what changed. A writer calls
// `invalidate({ goods: [id] })` (or company, account, content) once its transaction has ended and
// never needs to know which caches hold that data: each entry is stored with the tags of what it
// was read from, and every registered cache drops the entries carrying a changed tag.
//
// Processes share nothing: another process keeps serving its copy until the entry's TTL runs out,
// so whatever is cached here must be fine to show that much older (see README "Several processes").
import { ttlCache, type TtlCache } from './ttlCache.ts';

/** What a write changed. */
export interface Change {
  goods?: Iterable<number>;
  company?: number | Iterable<number>;
  account?: number;
  /** help, news, site settings, navigation: what every page shows */
  content?: boolean;
  /**
   * The goods were written by a background bulk job (the ERP import), not by someone waiting to
   * see them: readers may see them as late as the catalogue read model's next poll
   * (GOODS_CACHE_MS) instead of this process reading them fresh from the database meanwhile.
   */
  bulk?: boolean;
}

/** Tags an entry carries. `anyGoods` marks entries read from many goods (lists, shared pages). */
export const tag = {
  goods: (id: number) => `goods:${id}`,
  anyGoods: 'goods:*',
  company: (id: number) => `company:${id}`,
  anyCompany: 'company:*',
  account: (id: number) => `account:${id}`,
  content: 'content',
} as const;

const many = (v: number | Iterable<number> | undefined): number[] =>
  v === undefined ? [] : typeof v === 'number' ? [v] : [...v];

/** The tags a change touches, wildcards included. */
export function changedTags(change: Change): Set<string> {
  const out = new Set<string>();
  const goods = many(change.goods);
  for (const id of goods) out.add(tag.goods(id));
  if (goods.length) out.add(tag.anyGoods);
  const companies = many(change.company);
  for (const id of companies) out.add(tag.company(id));
  if (companies.length) out.add(tag.anyCompany);
  if (change.account !== undefined) out.add(tag.account(change.account));
  if (change.content) out.add(tag.content);
  return out;
}

/** A cache the registry can empty: by tags, or entirely. */
export interface RegisteredCache {
  readonly name: string;
  dropTagged(tags: ReadonlySet<string>, change: Change): void;
  clear(): void;
}

const registry = new Map<string, RegisteredCache>();

/** Adds a cache with its own storage (e.g. the shared pages); a module reloaded in dev replaces its own. */
export function registerCache<C extends RegisteredCache>(cache: C): C {
  registry.set(cache.name, cache);
  return cache;
}

/** Drops, in every cache, the entries that depend on what changed. */
export function invalidate(change: Change): void {
  const tags = changedTags(change);
  if (tags.size === 0) return;
  for (const c of registry.values()) c.dropTagged(tags, change);
}

/** Empties every cache (tests, and operators' bulk changes). */
export function invalidateAll(): void {
  for (const c of registry.values()) c.clear();
}

export interface NamedCache<V> {
  readonly name: string;
  /** the cached value for `key`, loaded (once, even when asked concurrently) if missing or old */
  get(key: string, load: () => PromiseLike<V> | V, tags?: readonly string[]): Promise<V>;
}

/** A TTL cache (ttlCache) whose entries are dropped when a change touches one of their tags. */
export function namedCache<V>(
  name: string,
  options: { ttlMs: number; maxEntries?: number },
): NamedCache<V> {
  const maxEntries = options.maxEntries ?? 500;
  const entries: TtlCache<V> = ttlCache<V>(options.ttlMs, maxEntries);
  const keysByTag = new Map<string, Set<string>>();
  let indexed = 0;
  // Evicted entries leave their keys in the tag index; sweep them once it outgrows the cache.
  const pruneIndex = () => {
    indexed = 0;
    for (const [t, keys] of keysByTag) {
      for (const k of keys) if (!entries.has(k)) keys.delete(k);
      if (keys.size === 0) keysByTag.delete(t);
      else indexed += keys.size;
    }
  };
  registerCache({
    name,
    dropTagged(tags) {
      for (const t of tags) {
        const keys = keysByTag.get(t);
        if (!keys) continue;
        keysByTag.delete(t);
        for (const k of keys) entries.forget(k);
      }
    },
    clear() {
      keysByTag.clear();
      indexed = 0;
      entries.forget();
    },
  });
  return {
    name,
    get(key, load, tags = []) {
      for (const t of tags) {
        let keys = keysByTag.get(t);
        if (!keys) keysByTag.set(t, (keys = new Set()));
        if (!keys.has(key)) {
          keys.add(key);
          indexed++;
        }
      }
      if (indexed > 4 * maxEntries) pruneIndex();
      return entries(key, load);
    },
  };
}
