import { atom, onMount } from 'nanostores';
import { CLOCK_TICK_MS } from '#/lib/constants.ts';

/**
 * Server time in ms, for countdowns: set from the common response's timestamp (the layout puts
 * it on <body data-server-time>) and advanced every second while anything listens.
 */
export const $serverNow = atom<number | null>(null);

let base: { server: number; local: number } | null = null;

export function setServerTime(iso: string, localNow = Date.now()): void {
  const server = Date.parse(iso);
  if (Number.isNaN(server)) return;
  base = { server, local: localNow };
  $serverNow.set(server);
}

/** Server "now" derived from the last known server time and the local time elapsed since. */
export function serverNowAt(localNow: number): number | null {
  return base ? base.server + (localNow - base.local) : null;
}

onMount($serverNow, () => {
  if (!base && typeof document !== 'undefined') {
    const iso = document.body.dataset['serverTime'];
    if (iso) setServerTime(iso);
  }
  const timer = setInterval(() => {
    const now = serverNowAt(Date.now());
    if (now !== null) $serverNow.set(now);
  }, CLOCK_TICK_MS);
  return () => clearInterval(timer);
});
