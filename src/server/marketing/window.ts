// The time window every promotion has: the rules it must keep, and what "ending" one means.
import { invalid } from '#/server/errors.ts';

export interface Window {
  startsAt: Date;
  endsAt: Date;
}

/** A window that ends before (or as) it starts can never run: refuse it rather than store it. */
export function checkWindow(w: Window): void {
  if (w.endsAt.getTime() <= w.startsAt.getTime())
    throw invalid('ends_at', '结束时间须晚于开始时间');
}

/**
 * The window of a promotion ended now: it stops at once, one not started yet ends before it
 * starts, one over already stays as it was (kept for the audit trail and for orders that name
 * it, never deleted).
 */
export function endedNow(w: Window, now = new Date()): Window {
  if (w.endsAt.getTime() <= now.getTime()) return w;
  const startsAt = w.startsAt.getTime() < now.getTime() ? w.startsAt : now;
  return { startsAt, endsAt: now };
}

/** endedNow for a promotion that may run until ended (no end time). */
export function endedOpen(w: { startsAt: Date; endsAt: Date | null }): Window {
  const now = new Date();
  return endedNow({ startsAt: w.startsAt, endsAt: w.endsAt ?? now }, now);
}

/** 未开始, 进行中 or 已结束, as the desk lists it. */
export function windowState(w: Window, now = new Date()): 'scheduled' | 'running' | 'ended' {
  if (w.endsAt.getTime() <= now.getTime()) return 'ended';
  return w.startsAt.getTime() > now.getTime() ? 'scheduled' : 'running';
}
