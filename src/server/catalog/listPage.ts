// What a goods list screen shows (/list, /search, /yx, /zyyp, /qxzq and their table and no-image
// views: components/GoodsListPage.astro) for one URL and reader: the query from the URL, its
// error, the page of goods. Read by the page's render and by the fill of another page of the same
// list into its shared copy (server/filledPages.ts), so both show one page alike.
import type { z } from 'zod';
import type { Line } from '#/server/db/schema/index.ts';
import { parseQueryString } from '#/server/http/form.ts';
import { fieldErrors } from '#/server/http/validate.ts';
import { pageSearch } from '#/server/pageQuery.ts';
import type { SessionUser } from '#/server/sessions.ts';
import type { BuyerCompany } from '#/server/eligibility.ts';
import { buyerOf } from './buyer.ts';
import { listGoods } from './list.ts';
import { type GoodsCardOut, presentPage } from './present.ts';
import { type ListQuery, listQuerySchema } from './query.ts';

/** How a list screen is set up (its page file's props). */
export interface ListScreen {
  heading: string;
  view: 'grid' | 'table' | 'no_image';
  /** the grid and table paths of this list, for the view switch */
  views: { grid: string; table: string; no_image?: string };
  /** forced line of a zone (yx, zy, qx) */
  line?: Line;
  hideKeywords?: boolean;
  /** zone with a category side navigation */
  sideNav?: boolean;
}

export interface ListPageModel {
  q: ListQuery;
  /** why the URL's filters were not used (the first field's message), else null */
  error: string | null;
  company: BuyerCompany | null;
  list: { rows: GoodsCardOut[]; total: number; page: number; perPage: number };
  /** the path the list's links and filter form go to */
  action: string;
  /** the part of the URL's query the screen reads (pageQuery.ts), '' or starting with `?` */
  search: string;
}

export async function listPageModel(
  screen: ListScreen,
  url: URL,
  user: SessionUser | null,
): Promise<ListPageModel> {
  const search = pageSearch(url, 'list');
  const forced = screen.line ? { line: screen.line } : {};
  const parsed = listQuerySchema.safeParse({ ...parseQueryString(search), ...forced });
  const error = parsed.success
    ? null
    : (Object.values(fieldErrors(parsed.error as z.ZodError))[0]?.[0] ?? '筛选条件不正确');
  const q = parsed.success ? parsed.data : listQuerySchema.parse(forced);
  const company = await buyerOf(user);
  const list = error
    ? { rows: [], total: 0, page: 1, perPage: 20 }
    : presentPage(await listGoods(q, company));
  return { q, error, company, list, action: url.pathname, search };
}
