import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Fixed-window rate-limit counters, shared by every app process (ARCHITECTURE "Scaling out").
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
