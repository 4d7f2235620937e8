import { afterEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from '../../src/server/ttlCache.ts';

afterEach(() => { vi.useRealTimers(); });

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
    await get('bad', async () => { reloaded = true; return 'again'; });
    expect(reloaded).toBe(true);
  });
});
