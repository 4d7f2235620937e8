// Who shares which page (pageCache.sharedPage): the key of a page under SHARED_PAGE_PATH for this
// reader, or null when the page is the reader's own.
import { buyerOf } from './catalog/buyer.ts';
import { buyerSegment } from './eligibility.ts';
import { isFavorite } from './favorites.ts';

/**
 * Visitors share the home page; list, search and detail pages are shared by a buyer segment, the
 * detail also by whether the goods is the reader's favourite. A member's home page (with the
 * store's own lucky-draw invitation) is not shared.
 */
export async function sharedPageKey(
  user: { companyId: number } | null,
  url: URL,
): Promise<string | null> {
  if (url.pathname === '/') return user ? null : `visitor||/${url.search}`;
  const company = await buyerOf(user);
  const detailId = /^\/list\/info\/(\d+)$/.exec(url.pathname)?.[1];
  const personal =
    company && detailId && (await isFavorite(company.id, Number(detailId))) ? 'favorite' : '';
  return `${await buyerSegment(company)}|${personal}|${url.pathname}${url.search}`;
}
