import { describe, expect, it } from 'vitest';
import { changedTags, invalidate, invalidateAll, namedCache, tag } from '#/server/cache.ts';

describe('named caches invalidated by tag', () => {
  it('drops only the entries that carry a changed tag, wildcards included', async () => {
    const cards = namedCache<string>('test:cards', { ttlMs: 60_000 });
    const lists = namedCache<string>('test:lists', { ttlMs: 60_000 });
    let loads = 0;
    const load = (v: string) => () => `${v}${++loads}`;
    expect(await cards.get('1', load('a'), [tag.goods(1)])).toBe('a1');
    expect(await cards.get('2', load('b'), [tag.goods(2)])).toBe('b2');
    expect(await lists.get('page1', load('l'), [tag.anyGoods])).toBe('l3');

    invalidate({ company: 9 });
    expect(await cards.get('1', load('a'), [tag.goods(1)])).toBe('a1');
    expect(await lists.get('page1', load('l'), [tag.anyGoods])).toBe('l3');

    invalidate({ goods: [2] });
    expect(await cards.get('1', load('a'), [tag.goods(1)])).toBe('a1');
    expect(await cards.get('2', load('b'), [tag.goods(2)])).toBe('b4');
    expect(await lists.get('page1', load('l'), [tag.anyGoods])).toBe('l5');

    invalidateAll();
    expect(await cards.get('1', load('a'), [tag.goods(1)])).toBe('a6');
  });

  it('names the tags of a change', () => {
    expect([...changedTags({ goods: [3, 4], company: 5, account: 6, content: true })]).toEqual([
      'goods:3',
      'goods:4',
      'goods:*',
      'company:5',
      'company:*',
      'account:6',
      'content',
    ]);
    expect(changedTags({ goods: [] }).size).toBe(0);
  });

  it('keeps its tag index bounded when entries are evicted', async () => {
    const small = namedCache<number>('test:small', { ttlMs: 60_000, maxEntries: 2 });
    for (let i = 0; i < 50; i++) await small.get(String(i), () => i, [tag.company(i)]);
    invalidate({ company: 49 });
    expect(await small.get('49', () => -1, [tag.company(49)])).toBe(-1);
    expect(await small.get('48', () => -2)).toBe(48);
  });
});
