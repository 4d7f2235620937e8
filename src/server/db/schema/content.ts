import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Header nav links (at most 9 are shown).
export const navLinks = pgTable('nav_links', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  url: text('url').notNull(),
  image: text('image').notNull().default(''),
  isOpen: integer('is_open').notNull().default(0), // 1 = open in a new tab
  sort: integer('sort').notNull().default(0),
});

export const hotWords = pgTable('hot_words', {
  id: serial('id').primaryKey(),
  word: text('word').notNull(),
  sort: integer('sort').notNull().default(0),
});

// Banner and ad slots (lib/adSlots.ts): top, right, focus, login, kxzq, ppzq …
// An ad shows while it is enabled and now is inside its optional window.
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    slot: text('slot').notNull(),
    title: text('title').notNull().default(''),
    url: text('url').notNull().default(''),
    /** '' = no picture: the screens show the title on a coloured panel */
    image: text('image').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('ads_slot_idx').on(t.slot, t.sort)],
);

// Operator-editable settings (hotline, QQ, quality inspection, licences).
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// Page-view events recorded by the browser 300 ms after a page is shown.
export const pageViews = pgTable(
  'page_views',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    accountId: integer('account_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_at_idx').on(t.at)],
);
