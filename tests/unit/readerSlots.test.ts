import { describe, expect, it } from 'vitest';
import { fillReaderSlot } from '#/lib/readerSlots.ts';

describe('reader slots', () => {
  it('replace the text of the named element only', () => {
    const html =
      '<a data-reader-slot="store-name" data-testid="company-name">甲药房</a><p>甲药房</p>';
    expect(fillReaderSlot(html, 'store-name', '乙药房')).toBe(
      '<a data-reader-slot="store-name" data-testid="company-name">乙药房</a><p>甲药房</p>',
    );
  });

  it('leave a page without the slot as it is', () => {
    const html = '<a href="/login">请登录</a>';
    expect(fillReaderSlot(html, 'store-name', '乙药房')).toBe(html);
  });
});
