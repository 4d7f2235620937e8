import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8 } from '#/server/utf8.ts';

describe('UTF-8 bodies', () => {
  // Any UTF-16 code unit: markup, Chinese, emoji halves that pair up and lone ones that do not.
  const codeUnit = fc.oneof(
    fc.constantFrom('<a href="/x">', '药', '批', 'é', '😀', ' '),
    fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  );

  it('encode a value byte for byte as Buffer.from does, short or long', () => {
    fc.assert(
      fc.property(
        fc.array(codeUnit, { maxLength: 400 }),
        fc.integer({ min: 1, max: 60 }),
        (units, times) => {
          const value = units.join('').repeat(times);
          expect(utf8(value).equals(Buffer.from(value))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    // longer than the buffer kept between values (512 KB of UTF-16), then a short one after it
    const long = '药批<a>'.repeat(60_000);
    expect(utf8(long).equals(Buffer.from(long))).toBe(true);
    expect(utf8('批'.repeat(2000)).toString()).toBe('批'.repeat(2000));
  });

  it('keep the bytes of a value when the next value is encoded', () => {
    const first = utf8('甲'.repeat(5000));
    utf8('乙'.repeat(5000));
    expect(first.toString()).toBe('甲'.repeat(5000));
  });
});
