// Who shares which page (pageCache.sharedPage): the keys of a page under SHARED_PAGE_PATH for this
// reader.
import { priceAudience } from '#/lib/priceVisibility.ts';
import { buyerOf } from './catalog/buyer.ts';
import { type ActivityDetail, drawInvite } from './draw/activities.ts';
import { presentActivity } from './draw/present.ts';
import { buyerSegment } from './eligibility.ts';
import { isFavorite } from './favorites.ts';
import type { SharedKeys } from './pageCache.ts';
import { listSearch, pageSearch } from './pageQuery.ts';
import type { SessionUser } from './sessions.ts';

/**
 * Every shared page is shared by a buyer segment (what the purchase rules, prices and goods read
 * of the store) and by the session's own approval, which the layout reads (the toolbar, the
 * member flag) and which may lag the store's for a moment; the detail page also by whether the
 * goods is the reader's favourite, a member's home page also by the lucky-draw invitation it
 * shows. The store's name is a reader slot (lib/readerSlots.ts), filled per reader. Of the URL the
 * key holds the path and the query parameters the page reads (pageQuery.ts); a goods list's key
 * for all its pages leaves out the page asked.
 */
export async function sharedPageKeys(user: SessionUser | null, url: URL): Promise<SharedKeys> {
  const company = await buyerOf(user);
  const personal: string[] = [priceAudience(user)];
  if (url.pathname === '/') {
    if (user) personal.push(inviteKey(await drawInvite(user)));
  } else {
    const detailId = /^\/list\/info\/(\d+)$/.exec(url.pathname)?.[1];
    if (company && detailId && (await isFavorite(company.id, Number(detailId))))
      personal.push('favorite');
  }
  const reader = `${await buyerSegment(company)}|${personal.join(';')}|${url.pathname}`;
  const list = listSearch(url);
  return { page: reader + pageSearch(url), list: list === null ? null : reader + list };
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
