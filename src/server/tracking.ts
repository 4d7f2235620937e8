import { z } from 'zod';
import { getDb } from './db/client.ts';
import { pageViews } from './db/schema/index.ts';
import { parseWith } from './http/validate.ts';
import { limitRate } from './rateLimit.ts';

// Page-view events (SPEC 2: fired 300 ms after each page is shown), stored in our own table.

export const PAGE_VIEW_PATH_MAX = 500;

/** A same-site path with its query string: starts with one slash, printable, bounded. */
export const pageViewSchema = z.object({
  path: z
    .string({ error: '页面路径不能为空' })
    .trim()
    .min(1, '页面路径不能为空')
    .max(PAGE_VIEW_PATH_MAX, '页面路径过长')
    .regex(/^\/(?!\/)[^\s\u0000-\u001f\u007f]*$/, '页面路径不正确'),
});

export type PageView = z.output<typeof pageViewSchema>;

export function parsePageView(input: unknown): PageView {
  return parseWith(pageViewSchema, input);
}

// Per visitor: a person clicking through pages never reaches it, a script does.
export const PAGE_VIEW_LIMIT = 60;
export const PAGE_VIEW_WINDOW_MS = 60_000;

export async function recordPageView(
  input: unknown,
  visitor: { key: string; accountId: number | null },
): Promise<void> {
  const { path } = parsePageView(input);
  await limitRate(`pageview:${visitor.key}`, PAGE_VIEW_LIMIT, PAGE_VIEW_WINDOW_MS);
  const db = await getDb();
  await db.insert(pageViews).values({ path, accountId: visitor.accountId });
}
