// The window of promotions the merchandiser may leave open-ended (满赠, 组合购): started, and not
// ended yet (no end = until ended).
import { and, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export const openNow = (t: { startsAt: PgColumn; endsAt: PgColumn }, now = new Date()): SQL =>
  and(lte(t.startsAt, now), or(isNull(t.endsAt), gt(t.endsAt, now)))!;
