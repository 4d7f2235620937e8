// Adding a goods line: refused when the buyer may not buy it; a flash or variant line falls back
// to a normal line when its promotion is unknown or over.
import { buyerBasePrice, ladderBelow } from '#/lib/rankPrice.ts';
import { CART_LINE_TYPES } from '#/lib/constants.ts';
import { ladderUnitPrice } from '#/lib/pricing/ladder.ts';
import { snapQuantity } from '#/lib/pricing/quantity.ts';
import type { Tx } from '#/server/db/client.ts';
import { purchaseBlock, type BuyerCompany } from '#/server/eligibility.ts';
import { invalid } from '#/server/errors.ts';
import { variantProblem, type VariantInfo } from '#/server/promotions/variants.ts';
import type { CartGoodsRow } from './load.ts';
import type { Added, AddRequest } from './model.ts';
import { upsertLine } from './upsert.ts';

export async function addGoods(
  tx: Tx,
  company: BuyerCompany,
  p: AddRequest,
  i: number,
  g: CartGoodsRow | undefined,
  variants: Map<number, VariantInfo>,
): Promise<Added> {
  if (!g) throw invalid(`params.${i}.goods_id`, '商品不存在或已下架');
  const block = purchaseBlock(company, g);
  if (block) throw invalid(`params.${i}.goods_id`, `${g.name}：${block.reason}`);
  let type: number =
    p.type === CART_LINE_TYPES.flash ? CART_LINE_TYPES.flash : CART_LINE_TYPES.normal;
  let goodsPriceId = p.goodsPriceId ?? 0;
  let fallback: string | undefined;
  let variant: VariantInfo | null = null;
  if (goodsPriceId > 0 || type === CART_LINE_TYPES.flash) {
    const v = variants.get(goodsPriceId);
    const problem = variantProblem(v, g.id, type);
    if (problem) {
      fallback = problem;
      type = CART_LINE_TYPES.normal;
      goodsPriceId = 0;
    } else variant = v!;
  }
  const stock = variant?.lotStock != null ? Math.min(g.stock, variant.lotStock) : g.stock;
  let snapReason: string | undefined;
  const key = { goodsId: g.id, type, goodsPriceId };
  const quantity = await upsertLine(
    tx,
    company.id,
    key,
    (had) => {
      const snap = snapQuantity(
        { stock, packMultiple: g.innerPack, mustMultiple: g.mustMultiple, limit: g.purchaseLimit },
        had + p.quantity,
      );
      snapReason = snap.reason;
      return snap.quantity;
    },
    (number) => ({
      ladderPriceId: p.ladderPriceId ?? null,
      goodsManjianId: p.manjianId ?? null,
      isYj: variant?.kind === 'yj',
      isWelfare: p.welfare === true,
      ckId: p.warehouseId ?? '',
      seenPrice: seenUnit(g, variant, number, company.rank),
    }),
  );
  if (quantity < 1) throw invalid(`params.${i}.number`, `${g.name}：商品库存不足`);
  const reason = fallback ?? snapReason;
  return reason ? { goodsId: g.id, quantity, reason } : { goodsId: g.id, quantity };
}

/** The unit price the buyer sees for a line now (the engine's unit price; a later change is flagged). */
function seenUnit(
  g: CartGoodsRow,
  variant: VariantInfo | null,
  quantity: number,
  rank: number | undefined,
): number {
  if (variant) return variant.priceFen;
  const basePriceFen = buyerBasePrice(g, rank);
  return ladderUnitPrice(
    {
      basePriceFen,
      ladder: ladderBelow(g.ladder, basePriceFen).map((t) => ({
        number: t.number,
        priceFen: t.price,
      })),
    },
    quantity,
  );
}
