import { afterEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from '#/server/ttlCache.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('ttlCache', () => {
  it('reuses a value until it is older than the ttl, then reloads', async () => {
    vi.useFakeTimers();
    const get = ttlCache<number>(5000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await get('k', load)).toBe(1);
    vi.advanceTimersByTime(4999);
    expect(await get('k', load)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await get('k', load)).toBe(2);
    expect(await get('other', load)).toBe(3);
  });

  it('forgets a failed load and keeps at most maxEntries', async () => {
    const get = ttlCache<string>(60_000, 2);
    await expect(get('bad', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await get('bad', async () => 'ok')).toBe('ok');
    await get('b', async () => 'b');
    let reloaded = false;
    await get('c', async () => 'c'); // evicts the oldest
    await get('bad', async () => {
      reloaded = true;
      return 'again';
    });
    expect(reloaded).toBe(true);
  });

  it('when full, drops the expired entries and else the one loaded longest ago, a reloaded key counting as new', async () => {
    vi.useFakeTimers();
    const get = ttlCache<string>(1000, 3);
    const loads: string[] = [];
    const load = (v: string) => async () => (loads.push(v), v);
    await get('a', load('a1'));
    vi.advanceTimersByTime(600);
    await get('b', load('b'));
    vi.advanceTimersByTime(600); // a expired, b fresh
    await get('a', load('a2')); // reloaded: now the newest
    await get('c', load('c'));
    vi.advanceTimersByTime(100);
    await get('d', load('d')); // full of fresh entries: b, loaded longest ago, goes
    expect(get.has('b')).toBe(false);
    expect(['a', 'c', 'd'].map((k) => get.has(k))).toEqual([true, true, true]);
    expect(await get('a', load('a3'))).toBe('a2');
    vi.advanceTimersByTime(1000); // all expired but d (loaded 1,000 ms ago: still fresh)
    await get('e', load('e'));
    expect(['a', 'c', 'd', 'e'].map((k) => get.has(k))).toEqual([false, false, true, true]);
    expect(loads).toEqual(['a1', 'b', 'a2', 'c', 'd', 'e']);
  });

  it('runs a thenable load (a drizzle query) once, however often the value is awaited', async () => {
    const get = ttlCache<number[]>(60_000);
    let runs = 0;
    // drizzle's QueryPromise runs its query in then(): every await of the same object runs it again.
    const query: PromiseLike<number[]> = {
      then: (ok, fail) => {
        runs++;
        return Promise.resolve([1, 2]).then(ok, fail);
      },
    };
    expect(await get('categories', () => query)).toEqual([1, 2]);
    expect(await get('categories', () => query)).toEqual([1, 2]);
    await get('categories', () => query);
    expect(runs).toBe(1);
  });

  it('forgets one key or everything when this process changed the data', async () => {
    const get = ttlCache<number>(60_000);
    let loads = 0;
    const load = async () => ++loads;
    await get('a', load);
    await get('b', load);
    get.forget('a');
    expect(await get('a', load)).toBe(3);
    expect(await get('b', load)).toBe(2);
    get.forget();
    expect(await get('b', load)).toBe(4);
  });
});
