// The page links of a paged list, built as a string (Pagination.astro puts it in with set:html) so
// that a list page's links can also be filled into a shared page's copy (server/filledPages.ts).
import { escapeHtml } from '#/lib/html.ts';

export interface PaginationInput {
  page: number;
  total: number;
  perPage: number;
  /** the list's URL: its query is kept in every link (filters stay shareable) */
  url: URL;
  /** the query parameter that holds the page (default `page`) */
  param?: string;
  /** the path of a page where the page is in the path rather than the query */
  path?: (page: number) => string;
}

const LINK = 'border border-gray-300 px-3 py-1 hover:border-brand-500';
const DISABLED = 'border border-gray-200 px-3 py-1 text-gray-400';

/**
 * The query of each page's link: the list's own with `param` set to the page (where it stood, else
 * last) or, for page 1, left out — what `URL.searchParams.set`/`delete` give, with the rest of the
 * query serialized once for all links instead of a URL copied per link (a list page has nine).
 */
export function pageQuery(url: URL, param: string): (page: number) => string {
  const pairs = [...url.searchParams];
  const at = pairs.findIndex(([k]) => k === param);
  const serialize = (list: [string, string][]) =>
    new URLSearchParams(list.filter(([k]) => k !== param)).toString();
  const before = serialize(at < 0 ? pairs : pairs.slice(0, at));
  const after = at < 0 ? '' : serialize(pairs.slice(at + 1));
  const key = new URLSearchParams([[param, '']]).toString();
  const join = (...parts: string[]) => {
    const q = parts.filter(Boolean).join('&');
    return q ? `?${q}` : '';
  };
  return (page) => (page === 1 ? join(before, after) : join(before, `${key}${page}`, after));
}

/** '' when everything fits on one page. */
export function paginationHtml({
  page,
  total,
  perPage,
  url,
  param = 'page',
  path,
}: PaginationInput): string {
  const last = Math.max(1, Math.ceil(total / perPage));
  if (last <= 1) return '';
  const query = path ? null : pageQuery(url, param);
  const href = (p: number) => (query ? url.pathname + query(p) : path!(p) + url.search);
  const link = (p: number, label: string | number) =>
    `<a class="${LINK}" href="${escapeHtml(href(p))}">${label}</a>`;
  const from = Math.max(1, Math.min(page - 3, last - 6));
  let out = `<nav class="my-6 flex items-center justify-center gap-1 text-sm" aria-label="分页" data-testid="pagination">`;
  out +=
    page > 1
      ? link(page - 1, '上一页')
      : `<span class="${DISABLED}" aria-disabled="true">上一页</span>`;
  for (let p = from; p < from + Math.min(7, last); p++)
    out +=
      p === page
        ? `<span class="border border-brand-600 bg-brand-600 px-3 py-1 text-white" aria-current="page">${p}</span>`
        : link(p, p);
  out +=
    page < last
      ? link(page + 1, '下一页')
      : `<span class="${DISABLED}" aria-disabled="true">下一页</span>`;
  return `${out}<span class="ml-2 text-gray-500">共 ${total} 件，${last} 页</span></nav>`;
}
