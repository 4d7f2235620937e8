import { describe, expect, it } from 'vitest';
import { inSlices, sliced } from '#/server/db/slices.ts';

describe('sliced', () => {
  const ids = Array.from({ length: 1203 }, (_, i) => i + 1);

  it('cuts ids in order into slices of at most 500', () => {
    const slices = sliced(ids);
    expect(slices.map((s) => s.length)).toEqual([500, 500, 203]);
    expect(slices.flat()).toEqual(ids);
    expect(sliced([])).toEqual([]);
  });

  it('keeps what a slice weighs (an order its lines) under the limit; a heavy id is a slice alone', () => {
    const lines = [40, 40, 4_000, 9_000, 1, 1, 4_999, 1];
    const slices = sliced([11, 12, 13, 14, 15, 16, 17, 18], {
      of: (i) => lines[i]!,
      max: 5_000,
    });
    expect(slices).toEqual([[11, 12, 13], [14], [15, 16], [17, 18]]);
    const weighs = (s: number[]) => s.reduce((n, id) => n + lines[id - 11]!, 0);
    for (const s of slices) if (s.length > 1) expect(weighs(s)).toBeLessThanOrEqual(5_000);
  });

  it('still holds at most `size` ids when they weigh nothing', () => {
    const slices = sliced(ids, { of: () => 0, max: 5_000 });
    expect(slices.map((s) => s.length)).toEqual([500, 500, 203]);
  });
});

describe('inSlices', () => {
  it('reads slice after slice, one sequence in their order', async () => {
    const asked: number[][] = [];
    const out: string[] = [];
    for await (const row of inSlices([[1, 2], [3], [4, 5]], async (slice) => {
      asked.push(slice);
      return slice.map((id) => `#${id}`);
    }))
      out.push(row);
    expect(asked).toEqual([[1, 2], [3], [4, 5]]);
    expect(out).toEqual(['#1', '#2', '#3', '#4', '#5']);
  });
});
