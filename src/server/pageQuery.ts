// The part of a shared page's query string that the page reads. A shared page (pageCache.ts) is
// rendered from this part only and its copy is keyed by it, so a parameter it never reads
// (a tracking tag, a cache-buster) neither makes a page of its own nor is carried into its links —
// as a CDN's cache key leaves such parameters out.
import { detailQuerySchema, listQuerySchema } from './catalog/query.ts';

/** What the header reads of every page's query: the search box's words and type. */
const HEADER_PARAMS = ['keywords', 'type'] as const;

const READ = {
  /** the home page and the cart's screen: only the header reads the query */
  header: new Set<string>(HEADER_PARAMS),
  detail: new Set<string>([...HEADER_PARAMS, ...Object.keys(detailQuerySchema.shape)]),
  list: new Set<string>([...HEADER_PARAMS, ...Object.keys(listQuerySchema.shape)]),
};
type SharedPageKind = keyof typeof READ;

/** Which page a path of pageCache.SHARED_PAGE_PATH shows. */
const kindOf = (pathname: string): SharedPageKind =>
  pathname === '/' || pathname === '/cart'
    ? 'header'
    : pathname.startsWith('/list/info/')
      ? 'detail'
      : 'list';

/** A parameter's name as the query parser (qs) groups it: `page`, `tag[0]` → `tag`. */
function paramName(pair: string): string {
  const eq = pair.indexOf('=');
  const raw = (eq < 0 ? pair : pair.slice(0, eq)).replaceAll('+', ' ');
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  const bracket = name.indexOf('[');
  return bracket < 0 ? name : name.slice(0, bracket);
}

/**
 * `url.search` with only the parameters a page of this kind (by default: the shared page at
 * `url.pathname`) reads, in their order and spelling ('' when none is left).
 */
export function pageSearch(url: URL, kind: SharedPageKind = kindOf(url.pathname)): string {
  const { search } = url;
  if (search.length < 2) return '';
  const read = READ[kind];
  const kept = search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && read.has(paramName(pair)));
  return kept.length ? `?${kept.join('&')}` : '';
}

/**
 * What of the query all pages filled into one copy share (filledPages.ts): for a goods list its
 * pageSearch without the page asked, for a detail page what the header reads (the goods' own
 * parameters are inside the filled region). Null for the home page and the cart's screen.
 */
export function fillSearch(url: URL): string | null {
  const kind = kindOf(url.pathname);
  if (kind === 'header') return null;
  if (kind === 'detail') return pageSearch(url, 'header');
  const kept = pageSearch(url, 'list')
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && paramName(pair) !== 'page');
  return kept.length ? `?${kept.join('&')}` : '';
}
