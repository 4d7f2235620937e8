/**
 * Help articles and news from the content collections (src/content, built into the server
 * bundle): the prerendered pages read them at build time, GET /api/article/category at request
 * time. No database.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import {
  HELP_GROUPS,
  byDateDesc,
  helpArticleId,
  helpSlug,
  helpUrl,
  type HelpGroup,
  type NewsType,
} from '#/lib/help.ts';

export type NewsEntry = CollectionEntry<'news'>;

export interface HelpArticle {
  /** stable numeric id: group id × 100 + order */
  id: number;
  group: string;
  slug: string;
  url: string;
  entry: CollectionEntry<'help'>;
}

export interface HelpGroupWithArticles extends HelpGroup {
  articles: HelpArticle[];
}

/** All help articles, each group's in `order`; a misfiled or duplicate article fails the build. */
export async function helpArticles(): Promise<HelpArticle[]> {
  const entries = await getCollection('help');
  const seen = new Map<number, string>();
  const articles = entries.map((entry) => {
    const folder = entry.id.split('/')[0] ?? '';
    if (folder !== entry.data.group) {
      throw new Error(
        `help article ${entry.id}: front matter group "${entry.data.group}" differs from its folder "${folder}"`,
      );
    }
    const id = helpArticleId(entry.data.group, entry.data.order);
    const other = seen.get(id);
    if (other)
      throw new Error(
        `help articles ${other} and ${entry.id} share group and order ${entry.data.order}`,
      );
    seen.set(id, entry.id);
    const slug = helpSlug(entry.id);
    return { id, group: entry.data.group, slug, url: helpUrl(entry.data.group, slug), entry };
  });
  return articles.sort((a, b) => a.id - b.id);
}

/** Groups in display order with their articles; `listedOnly` drops the hidden and pay groups. */
export async function helpGroups({
  listedOnly,
}: {
  listedOnly: boolean;
}): Promise<HelpGroupWithArticles[]> {
  const articles = await helpArticles();
  return HELP_GROUPS.filter((g) => !listedOnly || g.listed).map((g) => ({
    ...g,
    articles: articles.filter((a) => a.group === g.key),
  }));
}

export async function newsOf(type: NewsType): Promise<NewsEntry[]> {
  const all = await getCollection('news', (e) => e.data.type === type);
  return all.sort(byDateDesc);
}

export async function allNews(): Promise<NewsEntry[]> {
  return (await getCollection('news')).sort(byDateDesc);
}

export interface ArticleCategory {
  id: number;
  name: string;
  children: { id: number; title: string; url: string }[];
}

/**
 * GET /api/article/category: the listed groups, or the one group `categoryId` names (hidden
 * groups included — they are not listed, but a page may ask for one by id). Unknown id → null.
 */
export async function articleCategories(categoryId?: number): Promise<ArticleCategory[] | null> {
  const groups = await helpGroups({ listedOnly: categoryId === undefined });
  const chosen = categoryId === undefined ? groups : groups.filter((g) => g.id === categoryId);
  if (chosen.length === 0) return null;
  return chosen.map((g) => ({
    id: g.id,
    name: g.name,
    children: g.articles.map((a) => ({ id: a.id, title: a.entry.data.title, url: a.url })),
  }));
}
