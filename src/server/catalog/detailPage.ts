// What the goods detail page (/list/info/:id) shows, read once for its render and for its fill
// into another goods' shared copy (server/filledPages.ts): the goods as the reader may buy it
// (price variant, 满减, ladder from the query), whether it is the reader's favourite, and its
// 首营资料 box unless the reader may not see documents.
import { hiddenDocuments } from '#/lib/gspDocuments.ts';
import type { HiddenPrice } from '#/lib/priceVisibility.ts';
import { isDomainError } from '#/server/errors.ts';
import { isFavorite } from '#/server/favorites.ts';
import { type DetailDocuments, detailDocuments } from '#/server/gsp/detailBox.ts';
import { parseQueryString } from '#/server/http/form.ts';
import { idParam } from '#/server/http/validate.ts';
import { pageSearch } from '#/server/pageQuery.ts';
import type { SessionUser } from '#/server/sessions.ts';
import { buyerOf } from './buyer.ts';
import { type GoodsDetail, goodsDetail } from './detail.ts';
import { type GoodsDetailOut, presentDetail } from './present.ts';
import { detailQuerySchema } from './query.ts';

export interface DetailPageModel {
  detail: GoodsDetail;
  view: GoodsDetailOut;
  loggedIn: boolean;
  favorite: boolean;
  /** null when the reader may not see them (`documentsHidden` says why) */
  documents: DetailDocuments | null;
  documentsHidden: HiddenPrice | null;
  now: Date;
}

/** The page of goods `rawId` (the route's parameter) for `user`, or null when there is none. */
export async function detailPageModel(
  rawId: string | undefined,
  url: URL,
  user: SessionUser | null,
): Promise<DetailPageModel | null> {
  const id = idParam.safeParse(rawId);
  if (!id.success) return null;
  const q = detailQuerySchema.safeParse(parseQueryString(pageSearch(url, 'detail')));
  const company = await buyerOf(user);
  let detail: GoodsDetail;
  try {
    detail = await goodsDetail(id.data, q.success ? q.data : {}, company);
  } catch (e) {
    if (isDomainError(e, 'NOT_FOUND')) return null;
    throw e;
  }
  const documentsHidden = hiddenDocuments(company);
  const [favorite, documents] = await Promise.all([
    company ? isFavorite(company.id, id.data) : false,
    documentsHidden ? null : detailDocuments(id.data),
  ]);
  return {
    detail,
    view: presentDetail(detail),
    loggedIn: company !== null,
    favorite,
    documents,
    documentsHidden,
    now: new Date(),
  };
}
