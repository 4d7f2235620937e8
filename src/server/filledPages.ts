// Another page of a goods list, or another goods' detail page, answered from the last render of
// that kind (pageCache.peekFillCopy) with only the regions that differ built anew
// (lib/pageRegions.ts): a buyer paging through the catalogue or opening goods after goods costs
// the goods shown, not a render of the whole screen (issue 16: the header, menus, filter form and
// footer were most of a render's ~1.6–2.2 ms of CPU at 100,000 goods). Everything outside the
// regions is the copy's, at most as old as a shared copy may be (pageCache.ts); what the regions
// hold comes from the functions the render uses.
import { detailTitle, goodsDetailHtml } from '#/components/goodsDetailHtml.ts';
import { listRegions } from '#/components/goodsListRegions.ts';
import { escapeHtml } from '#/lib/html.ts';
import { pageTitle } from '#/lib/routes.ts';
import { detailPageModel } from './catalog/detailPage.ts';
import { type ListScreen, listPageModel } from './catalog/listPage.ts';
import { type FillCopy, filledCopy, peekFillCopy, type Served } from './pageCache.ts';
import type { SessionUser } from './sessions.ts';

interface ListFill {
  kind: 'list';
  screen: ListScreen;
  /** whether the render loads the buy controls' script, which is outside the regions */
  buyControls: boolean;
}

/** What a render tells the fill of its page (Astro.locals.pageFill). */
export type PageFillSource = ListFill | { kind: 'detail' };

/**
 * The page at `url` filled into the fresh copy kept under `fillKey`, or null when there is none or
 * this page differs outside the regions: then it is rendered.
 */
export function filledPage(
  fillKey: string,
  url: URL,
  user: SessionUser | null,
): Promise<Served | null> | null {
  const copy = peekFillCopy(fillKey);
  if (!copy) return null;
  return copy.fill.kind === 'list'
    ? filledListPage(copy, copy.fill, url, user)
    : filledDetailPage(copy, url, user);
}

/**
 * Null when the page's filters are refused (the message is outside the regions) or it has buy
 * controls and the copy not, or the other way round.
 */
async function filledListPage(
  copy: FillCopy,
  { screen, buyControls }: ListFill,
  url: URL,
  user: SessionUser | null,
): Promise<Served | null> {
  const model = await listPageModel(screen, url, user);
  if (model.error) return null;
  const regions = listRegions(screen, model, url);
  if (regions.buyControls !== buyControls) return null;
  return filledCopy(copy, user, regions.html);
}

/** Null when there is no such goods (the render redirects). */
async function filledDetailPage(
  copy: FillCopy,
  url: URL,
  user: SessionUser | null,
): Promise<Served | null> {
  const id = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const model = await detailPageModel(id, url, user);
  if (!model) return null;
  return filledCopy(copy, user, {
    title: escapeHtml(pageTitle(detailTitle(model))),
    'detail-main': goodsDetailHtml(model),
  });
}
