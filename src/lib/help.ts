/**
 * Help centre and news: the groups, the front matter rules of the Markdown files in
 * src/content, and the URLs of their pages. Pure (no Astro, no DB), so content.config.ts,
 * pages, the API and unit tests share one definition.
 */
import { z } from 'zod';

export interface HelpGroup {
  /** numeric id: `category_id` of GET /api/article/category */
  id: number;
  /** folder under src/content/help and the URL segment */
  key: string;
  name: string;
  /** listed on /help, in the side navigation and in the category list */
  listed: boolean;
  /** where the group heading links to */
  href: string;
}

export const HELP_GROUPS: readonly HelpGroup[] = [
  { id: 1, key: 'xrzn', name: '新手指南', listed: true, href: '/help/xrzn/hyzc' },
  { id: 2, key: 'fwbz', name: '服务保障', listed: true, href: '/help/fwbz/wzzz' },
  { id: 3, key: 'us', name: '关于我们', listed: true, href: '/help/us/tsjy' },
  { id: 4, key: 'zfps', name: '支付配送', listed: true, href: '/help/pay' },
  // SPEC: "one further help group is not shown" — reachable by URL and by category_id only.
  { id: 5, key: 'hidden', name: '其他说明', listed: false, href: '/help' },
  // The single /help/pay overview page.
  { id: 6, key: 'pay', name: '支付与配送', listed: false, href: '/help/pay' },
];

export const HELP_GROUP_KEYS = HELP_GROUPS.map((g) => g.key) as [string, ...string[]];

export function helpGroup(key: string): HelpGroup | undefined {
  return HELP_GROUPS.find((g) => g.key === key);
}

export const NEWS_TYPES = [
  { key: 'hy', name: '行业资讯' },
  { key: 'company', name: '公司新闻' },
] as const;
export type NewsType = (typeof NEWS_TYPES)[number]['key'];

/** News list page size: small enough that the demo news (6–7 per type) shows paging. */
export const NEWS_PER_PAGE = 5;

/** Highest `order` in a group; article ids are group id × 100 + order. */
export const MAX_ORDER = 99;

// Front matter dates are written as YYYY-MM-DD; YAML turns them into Date objects.
const day = z.coerce.date({ error: '日期格式应为 YYYY-MM-DD' });
const text = (max: number) => z.string().trim().min(1).max(max);

export const helpFrontMatter = z.strictObject({
  title: text(40),
  group: z.enum(HELP_GROUP_KEYS),
  order: z.number().int().min(1).max(MAX_ORDER),
  date: day,
  summary: text(160),
  /** shows the operator's licence table (the one the footer lists) above the text */
  licences: z.boolean().default(false),
});

export const newsFrontMatter = z.strictObject({
  title: text(60),
  type: z.enum(['hy', 'company']),
  date: day,
  summary: text(160),
});

/** `xrzn/hyzc` → slug `hyzc`; the pay overview's id is `pay/index` or `pay`. */
export function helpSlug(entryId: string): string {
  return entryId.split('/').pop() ?? entryId;
}

export function helpUrl(group: string, slug: string): string {
  return group === 'pay' ? '/help/pay' : `/help/${group}/${slug}`;
}

export function helpArticleId(group: string, order: number): number {
  const g = helpGroup(group);
  if (!g) throw new Error(`unknown help group "${group}"`);
  return g.id * 100 + order;
}

export function newsUrl(id: string, type: NewsType): string {
  return `/news/info/${encodeURIComponent(id)}/${type}`;
}

export function newsListUrl(type: NewsType, page = 1): string {
  return page > 1 ? `/news/${type}/${page}` : `/news/${type}`;
}

/** Newest first; same day → file name descending, so the order never depends on the file system. */
export function byDateDesc<T extends { id: string; data: { date: Date } }>(a: T, b: T): number {
  return b.data.date.getTime() - a.data.date.getTime() || b.id.localeCompare(a.id);
}

/** `2026-11-20` in the shop's time zone (dates carry no time, so UTC is the calendar day). */
export function formatDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}
