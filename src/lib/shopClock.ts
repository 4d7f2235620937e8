// The shop's day runs on China Standard Time (UTC+8, no daylight saving). Pure and isomorphic.
const OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

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
