// The detail page's 首营资料与药检报告 box is on every detail render: the goods' documents and the
// reports of its lots on sale, both from the catalogue read model like the rest of the page (a
// query per render before: at 100,000 goods it was ~45 % of a filled detail page's CPU on the
// embedded database). An upload is a goods write (cache tag and catalog_changes), so the box is as
// fresh as the goods' lots and prices; the GSP rule's switch is read from its own cache.
import { shopDay } from '#/lib/shopClock.ts';
import { notFound } from '#/server/errors.ts';
import { goodsSnapshot } from '#/server/goodsSnapshots.ts';
import { type GoodsDocumentsView, presentGoodsDocuments } from './buyer.ts';
import { unpackDocuments } from './heldDocuments.ts';
import { gspRule } from './settings.ts';
import { goodsDocState } from './state.ts';

export interface DetailDocuments {
  view: GoodsDocumentsView;
  /** the GSP rule keeps the goods off sale now */
  held: boolean;
}

export async function detailDocuments(goodsId: number): Promise<DetailDocuments> {
  const [snap, rule] = await Promise.all([goodsSnapshot(goodsId), gspRule()]);
  if (!snap) throw notFound('商品不存在');
  const lots = snap.lots.filter((l) => l.stock > 0);
  const onSale = new Set(lots.map((l) => l.id));
  const held = unpackDocuments(snap.documents);
  const docs = held.filter((d) => d.lotId === null);
  const reports = new Map(
    held.flatMap((d) => (d.lotId !== null && onSale.has(d.lotId) ? [[d.lotId, d]] : [])),
  );
  const today = shopDay(new Date());
  const state = goodsDocState(
    docs,
    lots.map((l) => ({ stock: l.stock, hasReport: reports.has(l.id) })),
    today,
  );
  return {
    view: presentGoodsDocuments(goodsId, docs, lots, reports, today),
    held: rule.holdIncomplete && state.flagged,
  };
}
