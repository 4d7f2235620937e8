// The shop's day runs on China Standard Time (UTC+8, no daylight saving). Pure and isomorphic.
const OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The shop's calendar day of an instant, as YYYY-MM-DD. */
export function shopDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant the shop's current day ends (next 00:00 in UTC+8). */
export function endOfShopDay(now: Date): Date {
  const local = now.getTime() + OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - OFFSET_MS);
}

/** Milliseconds left → "HH:MM:SS" (never negative). */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The instants a shop day "YYYY-MM-DD" (Beijing time) starts and ends (exclusive). */
export function shopDayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00+08:00`);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}
