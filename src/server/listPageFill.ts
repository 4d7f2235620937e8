// Another page of a goods list, answered from the list's last render (pageCache.peekListCopy)
// with the regions that differ from page to page (lib/pageRegions.ts) built anew: a buyer paging
// through the catalogue costs the page of goods and its cards, not a render of the whole screen
// (issue 16: a list render was ~1.6 ms of CPU at 100,000 goods, the header, menus, filter form and
// footer most of it). Everything outside the regions is the copy's, at most as old as a shared
// copy may be (pageCache.ts); what the regions hold comes from the functions the render uses.
import { listRegions } from '#/components/goodsListRegions.ts';
import { type ListScreen, listPageModel } from './catalog/listPage.ts';
import { filledCopy, peekListCopy, type Served } from './pageCache.ts';
import type { SessionUser } from './sessions.ts';

/** What a list screen's render tells the fill (Astro.locals.listFill). */
export interface ListFill {
  screen: ListScreen;
  /** whether the render loads the buy controls' script, which is outside the regions */
  buyControls: boolean;
}

/**
 * The page at `url` filled into the fresh copy of its list, or null when there is none or this
 * page differs outside the regions (its filters are refused, it has buy controls and the copy
 * not or the other way round): then it is rendered.
 */
export async function filledListPage(
  listKey: string,
  url: URL,
  user: SessionUser | null,
): Promise<Served | null> {
  const copy = peekListCopy(listKey);
  if (!copy) return null;
  const model = await listPageModel(copy.fill.screen, url, user);
  if (model.error) return null;
  const regions = listRegions(copy.fill.screen, model, url);
  if (regions.buyControls !== copy.fill.buyControls) return null;
  return filledCopy(copy, user, regions.html);
}
