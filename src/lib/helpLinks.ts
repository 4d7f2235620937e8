// Footer help links (SPEC "Help and news": footer article links go to /help/xrzn/hyzc?id={id}).
// Read faithfully for prerendered pages: every footer link carries the article's stable id
// (group id × 100 + order, the ids of GET /api/article/category) as ?id=, and its path is that
// article's own page — a static page cannot pick an article by query, so the path names it and
// the id agrees with it. The listed groups of src/lib/help.ts, in their order; the hidden group
// and the /help/pay overview stay out.
import { HELP_GROUPS, helpArticleId, helpUrl } from './help.ts';

export interface HelpArticleRef {
  file: string;
  title: string;
  group: string;
  order: number;
}
export interface FooterLink {
  id: number;
  title: string;
  href: string;
}

export function footerHref(group: string, page: string, id: number): string {
  return `${helpUrl(group, page)}?id=${id}`;
}

/** Groups help articles (from their files `…/help/<group>/<page>.md`) into footer link columns. */
export function footerHelpGroups(
  articles: readonly HelpArticleRef[],
): { id: number; title: string; links: FooterLink[] }[] {
  return HELP_GROUPS.filter((g) => g.listed).map((g) => ({
    id: g.id,
    title: g.name,
    links: articles
      .map((a) => ({ ...a, page: /\/help\/([^/]+)\/([^/]+)\.md$/.exec(a.file) }))
      .filter((a) => a.page?.[1] === g.key)
      .sort((a, b) => a.order - b.order)
      .map((a) => {
        const id = helpArticleId(g.key, a.order);
        return { id, title: a.title, href: footerHref(g.key, a.page![2]!, id) };
      }),
  }));
}

/** The public-security filing's record on the national filing site (公网安备 links there by its number). */
export const policeFilingHref = (filing: string) =>
  `https://beian.mps.gov.cn/#/query/webSearch?code=${encodeURIComponent(filing.replace(/\D/g, ''))}`;
