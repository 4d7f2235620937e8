// The footer's help-link columns as markup, built once per process: they come from the help
// articles read at build time and never change while it runs, yet as Astro markup every page
// render grouped, sorted and rendered them again (4 columns, a dozen links).
import { escapeHtml } from '#/lib/html.ts';
import { footerHelpGroups } from '#/lib/helpLinks.ts';

const articles = import.meta.glob<{ frontmatter: { title: string; group: string; order: number } }>(
  '../content/help/*/*.md',
  { eager: true },
);

let html: string | undefined;

function build(): string {
  const groups = footerHelpGroups(
    Object.entries(articles).map(([file, mod]) => ({ file, ...mod.frontmatter })),
  );
  return groups
    .map(
      (g) =>
        `<div data-group-id="${g.id}"><h2 class="mb-1 text-sm font-medium text-gray-700">${escapeHtml(g.title)}</h2><ul>${g.links
          .map(
            (l) =>
              `<li><a href="${escapeHtml(l.href)}" data-article-id="${l.id}" class="inline-block py-1 hover:text-brand-600">${escapeHtml(l.title)}</a></li>`,
          )
          .join('')}</ul></div>`,
    )
    .join('');
}

/** The columns' markup (inside the footer's grid). */
export function footerHelpHtml(): string {
  html ??= build();
  return html;
}
