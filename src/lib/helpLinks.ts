// Footer help groups (SPEC "Help and news"): the shown groups in order; the hidden group and the
// payment landing page stay out of the footer.
export const FOOTER_HELP_GROUPS: readonly { group: string; title: string }[] = [
  { group: 'xrzn', title: '新手指南' },
  { group: 'zfps', title: '支付配送' },
  { group: 'fwbz', title: '服务保障' },
  { group: 'us', title: '关于我们' },
];

export interface HelpArticleRef { file: string; title: string; group: string; order?: number }

/** Groups help articles (from their files `…/help/<group>/<page>.md`) into footer link columns. */
export function footerHelpGroups(articles: readonly HelpArticleRef[]) {
  return FOOTER_HELP_GROUPS.map(({ group, title }) => ({
    title,
    links: articles
      .map((a) => ({ ...a, page: /\/help\/([^/]+)\/([^/]+)\.md$/.exec(a.file) }))
      .filter((a) => a.page?.[1] === group)
      .sort((a, b) => (a.order ?? 99) - (b.order ?? 99) || a.title.localeCompare(b.title))
      .map((a) => ({ title: a.title, href: `/help/${group}/${a.page![2]}` })),
  }));
}
