import { describe, expect, it } from 'vitest';
import { type ChatMessage, inServiceHours, mergeMessages, outOfHoursReply } from '#/lib/chat.ts';

// Beijing time is UTC+8: 08:30 Beijing is 00:30 UTC.
const at = (utc: string) => new Date(`2026-11-23T${utc}:00Z`);

describe('service hours', () => {
  const day = { open: '08:30', close: '21:00' };
  it('open from open (inclusive) to close (exclusive), in Beijing time', () => {
    expect(inServiceHours(day, at('00:29'))).toBe(false);
    expect(inServiceHours(day, at('00:30'))).toBe(true);
    expect(inServiceHours(day, at('12:59'))).toBe(true);
    expect(inServiceHours(day, at('13:00'))).toBe(false);
  });
  it('hours past midnight and the whole day', () => {
    const night = { open: '20:00', close: '02:00' };
    expect(inServiceHours(night, at('12:00'))).toBe(true); // 20:00 Beijing
    expect(inServiceHours(night, at('17:59'))).toBe(true); // 01:59
    expect(inServiceHours(night, at('18:00'))).toBe(false); // 02:00
    const always = { open: '00:00', close: '24:00' };
    expect(inServiceHours(always, at('15:59'))).toBe(true);
    expect(inServiceHours(always, at('16:00'))).toBe(true);
  });
  it('the automatic reply names the hours', () => {
    expect(outOfHoursReply(day)).toContain('08:30–21:00');
  });
});

describe('mergeMessages', () => {
  const m = (id: number, text = '') => ({ id, text }) as ChatMessage;
  it('keeps id order and each id once, the newer copy winning', () => {
    const merged = mergeMessages([m(1), m(3)], [m(2), m(3, 'again'), m(0)]);
    expect(merged.map((x) => x.id)).toEqual([0, 1, 2, 3]);
    expect(merged[3]!.text).toBe('again');
  });
});
