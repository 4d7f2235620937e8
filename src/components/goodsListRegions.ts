// The parts of a goods list screen that change from page to page (lib/pageRegions.ts), as strings
// (GoodsListPage.astro puts them in with set:html; server/filledPages.ts fills them into another
// page's shared copy).
import type { ListRegion } from '#/lib/pageRegions.ts';
import { escapeHtml } from '#/lib/html.ts';
import type { ListPageModel, ListScreen } from '#/server/catalog/listPage.ts';
import { goodsGridHtml, goodsTableHtml, hasBuyControls } from './goodsCardHtml.ts';
import { paginationHtml } from './paginationHtml.ts';

export interface ListRegions {
  html: Record<ListRegion, string>;
  /** whether the page loads the buy controls' script (outside the regions) */
  buyControls: boolean;
}

type Shown = Pick<ListPageModel, 'list' | 'action' | 'search'>;

/** The view switch's links keep the list's query: the same goods in another view. */
function viewsHtml({ view, views }: ListScreen, search: string): string {
  const to = (path: string) =>
    escapeHtml(path.includes('?') && search ? `${path}&${search.slice(1)}` : path + search);
  const cls = (v: ListScreen['view']) =>
    v === view ? 'text-brand-700 font-semibold' : 'text-gray-500';
  const noImage = views.no_image
    ? `<a href="${to(views.no_image)}" class="${cls('no_image')}">无图</a>`
    : '';
  return `<a href="${to(views.grid)}" class="${cls('grid')}">大图</a>${noImage}<a href="${to(views.table)}" class="${cls('table')}">列表</a>`;
}

export function listRegions(
  screen: ListScreen,
  { list, action, search }: Shown,
  at: URL,
): ListRegions {
  return {
    html: {
      'list-views': viewsHtml(screen, search),
      'list-total': String(list.total),
      'list-goods':
        screen.view === 'table'
          ? goodsTableHtml(list.rows)
          : goodsGridHtml(list.rows, { image: screen.view === 'grid' }),
      'list-pages': paginationHtml({
        page: list.page,
        total: list.total,
        perPage: list.perPage,
        url: new URL(action + search, at),
      }),
    },
    buyControls: hasBuyControls(list.rows),
  };
}
