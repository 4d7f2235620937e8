import { describe, expect, it } from 'vitest';
import { available, maskName, pickPrize } from '#/server/draw/pick.ts';
import { shopDay } from '#/lib/shopClock.ts';
import { createRandom } from '#/lib/seededRandom.ts';

const prizes = () => [
  { id: 1, weight: 60, stock: null as number | null },
  { id: 2, weight: 30, stock: 1000 as number | null },
  { id: 3, weight: 10, stock: 1000 as number | null },
];

describe('pickPrize', () => {
  it('follows the weights with a seeded random', () => {
    const rnd = createRandom(42);
    const counts = new Map<number, number>();
    for (let i = 0; i < 20_000; i++) {
      const p = pickPrize(prizes(), rnd.next)!;
      counts.set(p.id, (counts.get(p.id) ?? 0) + 1);
    }
    expect((counts.get(1) ?? 0) / 20_000).toBeCloseTo(0.6, 1);
    expect((counts.get(2) ?? 0) / 20_000).toBeCloseTo(0.3, 1);
    expect((counts.get(3) ?? 0) / 20_000).toBeCloseTo(0.1, 1);
  });

  it('maps the random number onto the weight ranges in order', () => {
    expect(pickPrize(prizes(), () => 0)!.id).toBe(1);
    expect(pickPrize(prizes(), () => 0.599)!.id).toBe(1);
    expect(pickPrize(prizes(), () => 0.6)!.id).toBe(2);
    expect(pickPrize(prizes(), () => 0.9)!.id).toBe(3);
    expect(pickPrize(prizes(), () => 0.999999)!.id).toBe(3);
  });

  it('never picks a prize that is out of stock or has weight 0', () => {
    const list = [
      { id: 1, weight: 0, stock: null },
      { id: 2, weight: 50, stock: 0 },
      { id: 3, weight: 1, stock: 2 },
    ];
    const rnd = createRandom(7);
    for (let i = 0; i < 1000; i++) expect(pickPrize(list, rnd.next)!.id).toBe(3);
    expect(available(list).map((p) => p.id)).toEqual([3]);
  });

  it('answers null once every prize is exhausted', () => {
    const list = [
      { id: 1, weight: 5, stock: 1 },
      { id: 2, weight: 5, stock: 1 },
    ];
    const rnd = createRandom(1);
    const won: number[] = [];
    for (;;) {
      const p = pickPrize(list, rnd.next);
      if (!p) break;
      p.stock! -= 1;
      won.push(p.id);
    }
    expect(won.sort()).toEqual([1, 2]);
    expect(list.every((p) => p.stock === 0)).toBe(true);
  });
});

describe('maskName and shopDay', () => {
  it('masks winners for the public list', () => {
    expect(maskName('武汉仁心大药房')).toBe('武汉***药房');
    expect(maskName('仁心药房')).toBe('仁**房');
    expect(maskName('药房')).toBe('药*');
    expect(maskName('武汉仁心大药房（光谷店）')).toBe('武汉***药房');
    expect(maskName('益康连锁药房(汉口店)')).toBe('益康***药房');
  });

  it('counts days in China time', () => {
    expect(shopDay(new Date('2026-11-20T15:59:59Z'))).toBe('2026-11-20');
    expect(shopDay(new Date('2026-11-20T16:00:00Z'))).toBe('2026-11-21');
  });
});
