// Who shares which page (pageCache.sharedPage): the keys of a page under SHARED_PAGE_PATH for this
// reader.
import { priceAudience } from '#/lib/priceVisibility.ts';
import { buyerOf } from './catalog/buyer.ts';
import { type ActivityDetail, drawInvite } from './draw/activities.ts';
import { presentActivity } from './draw/present.ts';
import { buyerSegment } from './eligibility.ts';
import { isFavorite } from './favorites.ts';
import type { SharedKeys } from './pageCache.ts';
import { fillSearch, pageSearch } from './pageQuery.ts';
import type { SessionUser } from './sessions.ts';

/**
 * Every shared page is shared by a buyer segment (what the purchase rules, prices and goods read
 * of the store) and by the session's own approval, which the layout reads (the toolbar, the
 * member flag) and which may lag the store's for a moment; the detail page also by whether the
 * goods is the reader's favourite, a member's home page also by the lucky-draw invitation it
 * shows. The store's name is a reader slot (lib/readerSlots.ts), filled per reader. Of the URL the
 * key holds the path and the query parameters the page reads (pageQuery.ts). The fill key, of the
 * copy other pages are filled into (filledPages.ts), leaves out the page asked of a goods list,
 * and the goods (and whether it is a favourite) of a detail page.
 */
export async function sharedPageKeys(user: SessionUser | null, url: URL): Promise<SharedKeys> {
  const company = await buyerOf(user);
  const segment = `${await buyerSegment(company)}|${priceAudience(user)}`;
  let personal = '';
  let fillPath = url.pathname;
  if (url.pathname === '/') {
    if (user) personal = `;${inviteKey(await drawInvite(user))}`;
  } else {
    const detailId = /^\/list\/info\/(\d+)$/.exec(url.pathname)?.[1];
    if (detailId) {
      // Any goods' page is filled into the last detail copy, favourite or not (inside the region).
      fillPath = '/list/info/';
      if (company && (await isFavorite(company.id, Number(detailId)))) personal = ';favorite';
    }
  }
  const fill = fillSearch(url);
  return {
    page: `${segment}${personal}|${url.pathname}${pageSearch(url)}`,
    fill: fill === null ? null : `${segment}|${fillPath}${fill}`,
  };
}

// The invitation as the page's island gets it (its prizes' stock, the chances left today), kept
// per cached invitation so the key costs no serialising per request.
const inviteKeys = new WeakMap<ActivityDetail, string>();

function inviteKey(invite: ActivityDetail | null): string {
  if (!invite) return 'no-draw';
  let key = inviteKeys.get(invite);
  if (key === undefined) {
    key = `draw=${JSON.stringify(presentActivity(invite))}`;
    inviteKeys.set(invite, key);
  }
  return key;
}
