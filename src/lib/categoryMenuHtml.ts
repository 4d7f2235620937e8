// The markup of a header category menu, with CSS-only hover children (readable and usable without
// JS). Every page's header carries the four menus — ~45 KB, some 600 elements, ~40 % of what Astro
// rendered for an uncached list page — and they change only when the categories do, so the HTML
// is built once per categories list (components/CategoryMenu.astro) instead of per page.
import { categoryHref, type MenuLine } from './chrome.ts';
import { CATEGORY_MENU_TOP } from './constants.ts';
import { escapeHtml } from './html.ts';

export interface MenuCategoryNode {
  id: number;
  name: string;
  children: readonly MenuCategoryNode[];
}

const link = (line: MenuLine, c: MenuCategoryNode, cls: string, inner = escapeHtml(c.name)) =>
  `<a href="${escapeHtml(categoryHref(line, c.id))}" class="${cls}">${inner}</a>`;

function item(line: MenuLine, c: MenuCategoryNode): string {
  const more = c.children.length > 0;
  const head = link(
    line,
    c,
    'flex items-center justify-between px-4 py-2.5 hover:bg-brand-50 hover:text-brand-600',
    `<span>${escapeHtml(c.name)}</span>${more ? '<span class="text-gray-400" aria-hidden="true">›</span>' : ''}`,
  );
  if (!more) return `<li class="group/item relative">${head}</li>`;
  const groups = c.children
    .map(
      (k) =>
        `<dl class="mb-2 flex gap-3"><dt class="w-24 shrink-0 font-medium">${link(line, k, 'hover:text-brand-600')}</dt><dd class="flex flex-wrap gap-x-3 gap-y-1 text-gray-500">${k.children.map((g) => link(line, g, 'hover:text-brand-600')).join('')}</dd></dl>`,
    )
    .join('');
  return `<li class="group/item relative">${head}<div class="invisible absolute left-full top-0 z-50 w-[560px] min-h-full border border-gray-200 bg-white p-4 shadow-lg group-hover/item:visible group-focus-within/item:visible">${groups}</div></li>`;
}

function build(
  line: MenuLine,
  categories: readonly MenuCategoryNode[],
  extraClass: string,
): string {
  const top = line === 'general' ? categories.slice(0, CATEGORY_MENU_TOP) : categories;
  const cls = escapeHtml(`bg-white text-sm text-gray-700${extraClass ? ` ${extraClass}` : ''}`);
  return `<ul class="${cls}" data-menu="${line}">${top.map((c) => item(line, c)).join('')}</ul>`;
}

// Keyed by the categories list itself: a new list (the header's data renewed) builds anew, and an
// old one is collected with its HTML.
const built = new WeakMap<readonly MenuCategoryNode[], Map<string, string>>();

/** The menu's <ul>; the general line shows its first CATEGORY_MENU_TOP top categories. */
export function categoryMenuHtml(
  line: MenuLine,
  categories: readonly MenuCategoryNode[],
  extraClass = '',
): string {
  let forList = built.get(categories);
  if (!forList) built.set(categories, (forList = new Map()));
  const key = `${line}|${extraClass}`;
  let html = forList.get(key);
  if (html === undefined) forList.set(key, (html = build(line, categories, extraClass)));
  return html;
}
