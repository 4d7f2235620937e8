// Adding a combination (组合购) line: every item must be buyable; packs are capped by the items' stock.
import { CART_LINE_TYPES } from '#/lib/constants.ts';
import { snapQuantity } from '#/lib/pricing/quantity.ts';
import type { Tx } from '#/server/db/client.ts';
import { purchaseBlock, type BuyerCompany } from '#/server/eligibility.ts';
import { invalid } from '#/server/errors.ts';
import { packsInStock, type CombinationPack } from '#/server/promotions/combinations.ts';
import type { CartGoodsRow } from './load.ts';
import type { Added, AddRequest } from './model.ts';
import { upsertLine } from './upsert.ts';

export async function addCombination(
  tx: Tx,
  company: BuyerCompany,
  p: AddRequest,
  i: number,
  c: CombinationPack | undefined,
  goodsById: Map<number, CartGoodsRow>,
): Promise<Added> {
  if (!c) throw invalid(`params.${i}.goods_id`, '组合不存在或已下架');
  const items = c.items.map((it) => ({ g: goodsById.get(it.goodsId), number: it.number }));
  for (const it of items) {
    if (!it.g) throw invalid(`params.${i}.goods_id`, '组合商品不存在或已下架');
    const block = purchaseBlock(company, it.g);
    if (block) throw invalid(`params.${i}.goods_id`, `${it.g.name}：${block.reason}`);
  }
  const packs = packsInStock(items.map((it) => ({ number: it.number, stock: it.g!.stock })));
  let snapReason: string | undefined;
  const quantity = await upsertLine(
    tx,
    company.id,
    { goodsId: c.items[0]!.goodsId, type: CART_LINE_TYPES.combination, goodsPriceId: c.id },
    (had) => {
      const snap = snapQuantity({ stock: packs }, had + p.quantity);
      snapReason = snap.reason;
      return snap.quantity;
    },
    {
      seenPrice: c.packPriceFen,
      ckId: '',
      isWelfare: false,
      goodsManjianId: null,
      ladderPriceId: null,
      isYj: false,
    },
  );
  if (quantity < 1) throw invalid(`params.${i}.number`, `${c.name}：组合商品库存不足`);
  return snapReason ? { goodsId: c.id, quantity, reason: snapReason } : { goodsId: c.id, quantity };
}
