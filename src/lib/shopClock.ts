// The shop's day runs on China Standard Time (UTC+8, no daylight saving). Pure and isomorphic.
const OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The shop's calendar day of an instant, as YYYY-MM-DD. */
export function shopDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The shop's wall-clock time of an instant to the second, as YYYYMMDDHHmmss. */
export const shopStamp = (at: Date): string =>
  new Date(at.getTime() + OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);

/**
 * An instant as the API writes it (ARCHITECTURE: ISO 8601 with the shop's offset), e.g.
 * "2026-11-29T03:14:27.863+08:00"; null for none (the wire's empty time).
 */
export function shopIso(at: Date): string;
export function shopIso(at: Date | null | undefined): string | null;
export function shopIso(at: Date | null | undefined): string | null {
  return at ? `${new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 23)}+08:00` : null;
}

/** The shop's calendar month of an instant, as YYYY-MM. */
export const shopMonth = (at: Date): string => shopDay(at).slice(0, 7);

/** Minutes since the shop's midnight (Beijing time) at an instant, 0–1439. */
export const shopMinuteOfDay = (at: Date): number =>
  Math.floor(((((at.getTime() + OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);

/** The instant the shop's current day ends (next 00:00 in UTC+8). */
export function endOfShopDay(now: Date): Date {
  const local = now.getTime() + OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - OFFSET_MS);
}

/**
 * When a promotion's countdown ends: its window's end; a daily special (每日特价) is the day's, so
 * at the latest when the shop's day ends.
 */
export function countdownEnd(kind: string, endsAt: Date, now: Date): Date {
  const dayEnd = endOfShopDay(now);
  return kind === 'daily_special' && dayEnd < endsAt ? dayEnd : endsAt;
}

/** Milliseconds left → "HH:MM:SS", "N天 HH:MM:SS" from a day on (never negative). */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(s / 86_400);
  const rest = s % 86_400;
  const hms = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return days > 0 ? `${days}天 ${hms}` : hms;
}

/** The instants a shop day "YYYY-MM-DD" (Beijing time) starts and ends (exclusive). */
export function shopDayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00+08:00`);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** An instant as the shop's wall clock "YYYY-MM-DDTHH:MM" (a datetime-local field's value). */
export function shopDateTime(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * An instant as people read it on the shop's screens and exports, on the shop's wall clock:
 * "2026-11-28 09:30:05" (the form Chinese order systems print, and columns of them line up), to
 * the minute without `seconds`, without the year when `year` is false ("11-28 09:30"), the time
 * alone when `date` is false ("09:30:05"). Written out here rather than by Intl so the server and
 * every browser print the same text; a wire time (an ISO string) is taken as it is.
 */
export function shopTimeText(
  at: Date | string,
  {
    seconds = true,
    year = true,
    date = true,
  }: { seconds?: boolean; year?: boolean; date?: boolean } = {},
): string {
  const wall = new Date(new Date(at).getTime() + OFFSET_MS).toISOString();
  const clock = wall.slice(11, seconds ? 19 : 16);
  return date ? `${wall.slice(year ? 0 : 5, 10)} ${clock}` : clock;
}

/**
 * A time typed at the back office: the shop's wall clock ("YYYY-MM-DDTHH:MM[:SS]", a space for the
 * T allowed), or an ISO instant with its own offset. Null when it is neither.
 */
export function parseShopDateTime(s: string): Date | null {
  const wall = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/.exec(s.trim());
  const at = wall ? new Date(`${wall[1]}T${wall[2]}${wall[3] ?? ':00'}+08:00`) : new Date(s);
  return Number.isNaN(at.getTime()) || (!wall && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(s)) ? null : at;
}
