import { describe, expect, it } from 'vitest';
import { TAG_LABELS, WELFARE_RATE } from '#/lib/constants.ts';
import { DEFAULT_TAG_COLOR, TAG_COLORS, tagColor, withPromotionTags } from '#/lib/tags.ts';

describe('tagColor', () => {
  it('has a distinct colour for every SPEC label', () => {
    const bgs = TAG_LABELS.map((l) => tagColor(l).bg);
    expect(new Set(bgs).size).toBe(TAG_LABELS.length);
    expect(bgs).not.toContain(DEFAULT_TAG_COLOR.bg);
  });

  it('matches by prefix, longest label first, and falls back to the default', () => {
    expect(tagColor('秒')).toBe(TAG_COLORS['秒']);
    expect(tagColor('满减')).toBe(TAG_COLORS['满']);
    expect(tagColor('换购价')).toBe(TAG_COLORS['换购']);
    expect(tagColor(' 赠 ')).toBe(TAG_COLORS['赠']);
    expect(tagColor('医保')).toBe(DEFAULT_TAG_COLOR);
    expect(tagColor('新').className).toBe('bg-sky-700 text-white border-sky-700');
  });

  it('welfare rate is 94%', () => {
    expect(WELFARE_RATE).toBe(0.94);
  });
});

describe('promotion tags', () => {
  it('come only from the running promotions; the goods own tags stay', () => {
    expect(withPromotionTags(['秒', '新', '换购', '优'], [])).toEqual(['优', '新']);
    expect(withPromotionTags(['新'], ['满', '秒'])).toEqual(['秒', '满', '新']);
    expect(withPromotionTags(['秒'], ['秒'])).toEqual(['秒']);
  });
});
