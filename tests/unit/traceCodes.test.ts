import { describe, expect, it } from 'vitest';
import {
  acceptedCodeCounts,
  needsTraceCodes,
  repeatedCodes,
  splitCodes,
  TRACE_CODE_RE,
} from '#/lib/traceCodes.ts';

describe('traceability codes', () => {
  it('are 20 digits', () => {
    expect(TRACE_CODE_RE.test('81234567890123456789')).toBe(true);
    expect(TRACE_CODE_RE.test('8123456789012345678')).toBe(false);
    expect(TRACE_CODE_RE.test('8123456789012345678X')).toBe(false);
  });

  it('one per unit, or one per case when the units are whole cases', () => {
    expect(acceptedCodeCounts(3, 10)).toEqual([3]);
    expect(acceptedCodeCounts(20, 10)).toEqual([2, 20]);
    expect(acceptedCodeCounts(25, 10)).toEqual([25]);
    expect(acceptedCodeCounts(4, 1)).toEqual([4]);
  });

  it('are read one per line from a scanner or a paste, repeats found', () => {
    expect(splitCodes(' 1111\n2222\r\n\n3333，4444 5555,')).toEqual([
      '1111',
      '2222',
      '3333',
      '4444',
      '5555',
    ]);
    expect([...repeatedCodes(['a', 'b', 'a', 'c', 'b', 'a'])]).toEqual(['a', 'b']);
  });

  it('are required for drugs, not for herbs, devices or health food', () => {
    expect(['rx', 'otc_a', 'otc_b'].every(needsTraceCodes)).toBe(true);
    expect(['herb', 'device_2', 'health_food'].some(needsTraceCodes)).toBe(false);
  });
});
