import { describe, expect, it } from 'vitest';
import { AD_SLOTS, adSlotOf } from '#/lib/adSlots.ts';
import { AdCreateForm, AdUpdateForm } from '#/server/adsDesk/forms.ts';
import { adState } from '#/server/adsDesk/present.ts';

const NOW = new Date('2026-11-24T04:00:00Z');
const at = (iso: string) => new Date(iso);

describe('when an ad shows', () => {
  it('shows while enabled and inside its window; either end may be open', () => {
    const ad = (enabled: boolean, startsAt: Date | null, endsAt: Date | null) =>
      adState({ enabled, startsAt, endsAt }, NOW);
    expect(ad(true, null, null)).toBe('showing');
    expect(ad(false, null, null)).toBe('off');
    expect(ad(true, at('2026-11-25T00:00:00Z'), null)).toBe('scheduled');
    expect(ad(true, null, at('2026-11-24T04:00:00Z'))).toBe('ended');
    expect(ad(true, at('2026-11-24T04:00:00Z'), at('2026-11-24T04:00:01Z'))).toBe('showing');
    // Switched off wins over any window.
    expect(ad(false, at('2026-11-25T00:00:00Z'), null)).toBe('off');
  });
});

describe('the ad form', () => {
  it('reads the shop’s wall clock, keeps the window in order and shows a new ad by default', () => {
    const f = AdCreateForm.parse({
      slot: 'top',
      title: ' 冬储 ',
      url: '/jxqzc',
      starts_at: '2026-12-01T08:00',
      ends_at: '',
    });
    expect(f).toEqual({
      slot: 'top',
      title: '冬储',
      url: '/jxqzc',
      enabled: true,
      starts_at: at('2026-12-01T00:00:00Z'),
      ends_at: null,
    });
    expect(AdUpdateForm.parse({ title: 'x', enabled: '0' }).enabled).toBe(false);
    expect(AdUpdateForm.parse({ title: 'x', url: '' }).url).toBe('');
    const refused = [
      { slot: 'top', title: 'x', starts_at: '2026-12-02T00:00', ends_at: '2026-12-01T00:00' },
      { slot: 'top', title: 'x', starts_at: '2026-12-01T00:00', ends_at: '2026-12-01T00:00' },
      { slot: 'top', title: 'x', url: 'javascript:alert(1)' },
      { slot: 'top', title: 'x', url: '//evil.example/a' },
      { slot: 'top', title: 'x', url: 'ftp://example.com' },
      { slot: 'sidebar', title: 'x' },
      { slot: 'top', title: '   ' },
    ];
    for (const body of refused)
      expect(AdCreateForm.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it('knows a box and a shown count for every position', () => {
    expect(new Set(AD_SLOTS.map((s) => s.key)).size).toBe(AD_SLOTS.length);
    for (const s of AD_SLOTS) expect(s.width * s.height * s.shown).toBeGreaterThan(0);
    expect(adSlotOf('top')?.label).toBe('首页轮播');
    expect(adSlotOf('nowhere')).toBeUndefined();
  });
});
