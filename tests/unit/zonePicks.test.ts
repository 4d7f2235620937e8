import { describe, expect, it } from 'vitest';
import { isDomainError } from '#/server/errors.ts';
import { MAX_ZONE_GOODS, withAdded, withMoved, withRemoved } from '#/server/zoneGoods/picks.ts';

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return isDomainError(e) ? e.code : 'other';
  }
  return null;
};

describe('zone picks', () => {
  it('adds last, once, up to the limit', () => {
    expect(withAdded([3, 1], 2)).toEqual([3, 1, 2]);
    expect(code(() => withAdded([3, 1], 1))).toBe('CONFLICT');
    const full = Array.from({ length: MAX_ZONE_GOODS }, (_, i) => i + 1);
    expect(code(() => withAdded(full, 999))).toBe('INVALID');
    expect(withAdded(full.slice(1), 999)).toHaveLength(MAX_ZONE_GOODS);
  });

  it('swaps with the neighbour; at an end nothing moves', () => {
    expect(withMoved([1, 2, 3], 2, 'up')).toEqual([2, 1, 3]);
    expect(withMoved([1, 2, 3], 2, 'down')).toEqual([1, 3, 2]);
    expect(withMoved([1, 2, 3], 1, 'up')).toEqual([1, 2, 3]);
    expect(withMoved([1, 2, 3], 3, 'down')).toEqual([1, 2, 3]);
    expect(code(() => withMoved([1, 2, 3], 4, 'up'))).toBe('NOT_FOUND');
  });

  it('removes one and keeps the others’ order', () => {
    expect(withRemoved([4, 5, 6], 5)).toEqual([4, 6]);
    expect(code(() => withRemoved([4, 5, 6], 7))).toBe('NOT_FOUND');
  });
});
