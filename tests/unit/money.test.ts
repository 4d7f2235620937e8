import { describe, expect, it } from 'vitest';
import {
  groupYuan,
  allocate,
  applyRate,
  fenToYuan,
  floorFen,
  formatPrice,
  mulFen,
  sumFen,
  yuanToFen,
  yuanToFenStrict,
} from '#/lib/money.ts';

describe('yuanToFen', () => {
  it.each([
    ['12.3', 1230],
    ['12.30', 1230],
    ['12', 1200],
    ['0.01', 1],
    ['0', 0],
    [' 5.5 ', 550],
    ['0012.30', 1230],
    [12.3, 1230],
    [19.99, 1999], // 19.99 * 100 = 1998.9999999999998 in floats
    [0.29, 29], // 0.29 * 100 = 28.999999999999996 in floats
    [100, 10000],
    ['90071992547409.91', 9007199254740991],
  ] as const)('%j → %i fen', (input, fen) => {
    expect(yuanToFen(input)).toBe(fen);
  });

  it.each([
    ['abc'],
    [''],
    ['-1'],
    [-1],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['12.345'],
    ['12.300'],
    ['1e3'],
    [1e21],
    [0.1 + 0.2], // 0.30000000000000004: more than 2 decimals
    ['.5'],
    ['12.'],
    ['1,000.00'],
    ['90071992547409.92'], // beyond MAX_SAFE_INTEGER fen
  ] as const)('rejects %j with null', (input) => {
    expect(yuanToFen(input)).toBeNull();
  });

  it('strict variant throws instead of returning null', () => {
    expect(yuanToFenStrict('8.88')).toBe(888);
    expect(() => yuanToFenStrict('8.888')).toThrow(RangeError);
  });
});

describe('fenToYuan / formatPrice', () => {
  it.each([
    [1230, '12.30'],
    [5, '0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [1999, '19.99'],
    [123456789, '1234567.89'],
    [-5, '-0.05'],
    [-1230, '-12.30'],
    [1879.9, '18.79'], // floors fractional fen
  ])('%d fen → "%s"', (fen, yuan) => {
    expect(fenToYuan(fen)).toBe(yuan);
  });

  it('round-trips with yuanToFen', () => {
    for (const fen of [0, 1, 9, 10, 99, 100, 101, 1999, 80000, 123456]) {
      expect(yuanToFen(fenToYuan(fen))).toBe(fen);
    }
  });

  it('formats with the yuan sign', () => {
    expect(formatPrice(1230)).toBe('¥12.30');
    expect(formatPrice(7)).toBe('¥0.07');
    expect(formatPrice(-1230)).toBe('-¥12.30');
  });
});

describe('groupYuan', () => {
  it('groups the whole yuan by thousands and keeps the fen', () => {
    expect(groupYuan('0.50')).toBe('0.50');
    expect(groupYuan('999.99')).toBe('999.99');
    expect(groupYuan('1000.00')).toBe('1,000.00');
    expect(groupYuan('130259.50')).toBe('130,259.50');
    expect(groupYuan('1234567')).toBe('1,234,567');
    expect(groupYuan('-20000.05')).toBe('-20,000.05');
  });
  it('leaves what is not a yuan string as it is', () => {
    for (const text of ['', '—', '1,000.00', 'abc', '12.3.4']) expect(groupYuan(text)).toBe(text);
  });
});

describe('floorFen', () => {
  it.each([
    [1879.06, 1879],
    [1879.99, 1879],
    [1.5, 1],
    [0.29 * 100, 29], // float drift below an integer is not floored away
    [19.99 * 100, 1999],
    [7, 7],
    [-0.5, -1],
  ])('%d → %d', (x, fen) => {
    expect(floorFen(x)).toBe(fen);
  });

  it('never returns -0 and rejects NaN/Infinity', () => {
    expect(Object.is(floorFen(-0), 0)).toBe(true);
    expect(() => floorFen(Number.NaN)).toThrow(RangeError);
    expect(() => floorFen(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('applyRate', () => {
  it.each([
    [1999, 0.94, 1879], // 1879.06
    [1999, '0.94', 1879],
    [100, 0.94, 94],
    [2150, 0.94, 2021], // Math.floor(2150 * 0.94) gives 2020 in floats
    [100, 0.57, 57], // Math.floor(100 * 0.57) gives 56 in floats
    [29, 0.5, 14],
    [10001, 0.945, 9450], // 9450.945
    [1000, 1, 1000],
    [1000, 0, 0],
    [0, 0.94, 0],
    [1_000_000_000_000, 0.94, 940_000_000_000],
  ] as const)('%d × %s → %d', (fen, rate, out) => {
    expect(applyRate(fen, rate)).toBe(out);
  });

  it('rejects negative or fractional fen and bad rates', () => {
    expect(() => applyRate(-1, 0.94)).toThrow(RangeError);
    expect(() => applyRate(1.5, 0.94)).toThrow(RangeError);
    expect(() => applyRate(100, -0.1)).toThrow(RangeError);
    expect(() => applyRate(100, Number.NaN)).toThrow(RangeError);
    expect(() => applyRate(100, 'abc')).toThrow(RangeError);
  });
});

describe('mulFen / sumFen', () => {
  it('multiplies and sums integers', () => {
    expect(mulFen(1999, 3)).toBe(5997);
    expect(sumFen([1, 2, 1997])).toBe(2000);
    expect(sumFen([])).toBe(0);
  });

  it('refuses results beyond safe integers', () => {
    expect(() => mulFen(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});

describe('allocate', () => {
  it('floors each share by weight and gives the remainder to the last', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([33, 33, 34]);
    expect(allocate(1000, [3000, 2000, 5000])).toEqual([300, 200, 500]);
    expect(allocate(7, [2, 1])).toEqual([4, 3]);
    expect(allocate(133, [1999, 0, 4001])).toEqual([44, 0, 89]);
  });

  it('always adds up to the total', () => {
    const weights = [1234, 5, 99_999, 17, 3];
    for (const total of [0, 1, 99, 12_345, 9_999_999]) {
      const shares = allocate(total, weights);
      expect(shares.reduce((s, x) => s + x, 0)).toBe(total);
      expect(shares.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
    }
  });

  it('gives everything to the last share when the weights sum to 0', () => {
    expect(allocate(50, [0, 0])).toEqual([0, 50]);
    expect(allocate(50, [0])).toEqual([50]);
  });

  it('answers nothing for no weights', () => {
    expect(allocate(50, [])).toEqual([]);
  });

  it('stays exact where the product exceeds safe integers', () => {
    // 9e9 × 3e6 = 2.7e16 > 2^53: floating point would round
    expect(allocate(9_000_000_001, [3_000_001, 6_000_002])).toEqual([3_000_000_000, 6_000_000_001]);
  });

  it('refuses negative or fractional input', () => {
    expect(() => allocate(-1, [1])).toThrow(RangeError);
    expect(() => allocate(1.5, [1])).toThrow(RangeError);
    expect(() => allocate(10, [1, -1])).toThrow(RangeError);
    expect(() => allocate(10, [0.5])).toThrow(RangeError);
  });
});
