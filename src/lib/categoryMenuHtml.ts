// The markup of a header category menu, with CSS-only hover children (readable and usable without
// JS). Every page's header carries the four menus — some 600 elements — and they change only when
// the categories do, so the HTML is built once per categories list (components/CategoryMenu.astro)
// instead of per page. The elements carry no class lists: `.category-menu` in styles/global.css
// styles them by their structure (the four menus were ~43 KB of every page, two thirds of it the
// same few class lists repeated; each render encodes and copies every byte).
import { categoryHref, type MenuLine } from './chrome.ts';
import { CATEGORY_MENU_TOP } from './constants.ts';
import { escapeHtml } from './html.ts';

export interface MenuCategoryNode {
  id: number;
  name: string;
  children: readonly MenuCategoryNode[];
}

const link = (line: MenuLine, c: MenuCategoryNode, inner = escapeHtml(c.name)) =>
  `<a href="${escapeHtml(categoryHref(line, c.id))}">${inner}</a>`;

function item(line: MenuLine, c: MenuCategoryNode): string {
  const more = c.children.length > 0;
  const head = link(
    line,
    c,
    `<span>${escapeHtml(c.name)}</span>${more ? '<span aria-hidden="true">›</span>' : ''}`,
  );
  if (!more) return `<li>${head}</li>`;
  const groups = c.children
    .map(
      (k) =>
        `<dl><dt>${link(line, k)}</dt><dd>${k.children.map((g) => link(line, g)).join('')}</dd></dl>`,
    )
    .join('');
  return `<li>${head}<div>${groups}</div></li>`;
}

function build(
  line: MenuLine,
  categories: readonly MenuCategoryNode[],
  extraClass: string,
): string {
  const top = line === 'general' ? categories.slice(0, CATEGORY_MENU_TOP) : categories;
  const cls = escapeHtml(`category-menu${extraClass ? ` ${extraClass}` : ''}`);
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
