// Adding to the cart (POST /api/cart, 一键加购): an existing line of the same goods and variant
// grows; quantities snap to pack multiples and are capped by stock and limits.
import { CART_LINE_TYPES } from '#/lib/constants.ts';
import { getDb } from '#/server/db/client.ts';
import { invalid, notFound } from '#/server/errors.ts';
import { HELD_REASON, heldGoods } from '#/server/gsp/settings.ts';
import { loadCombinations } from '#/server/promotions/combinations.ts';
import { loadVariants } from '#/server/promotions/variants.ts';
import { addCombination } from './addCombination.ts';
import { addGoods } from './addGoods.ts';
import { readModelCatalogue } from './catalogue.ts';
import { screenCompany } from './load.ts';
import type { Added, AddRequest } from './model.ts';
import { presentAdded } from './present.ts';
import { cartCount } from './state.ts';

const isCombination = (p: AddRequest) => p.type === CART_LINE_TYPES.combination;

/**
 * Adds the lines in one transaction; unbuyable goods (and goods the GSP rule holds back) are
 * refused with the reason. A variant that
 * is unknown or over falls back to a normal line, with the reason in the answer.
 */
export async function addLines(
  companyId: number,
  requests: readonly AddRequest[],
): Promise<{ lines: Added[]; total: number }> {
  const db = await getDb();
  const company = await screenCompany(companyId);
  const combos = await loadCombinations(
    db,
    requests.filter(isCombination).map((p) => p.goodsId),
  );
  const goodsRequests = requests.filter((p) => !isCombination(p));
  const ids = new Set(goodsRequests.map((p) => p.goodsId));
  for (const c of combos.values()) for (const i of c.items) ids.add(i.goodsId);
  const goodsById = await readModelCatalogue().goods([...ids]);
  // The GSP rule, when on, keeps goods without their required documents out of carts too.
  const held = await heldGoods(db, [...ids]);
  for (const [i, p] of requests.entries()) {
    const heldId = isCombination(p)
      ? combos.get(p.goodsId)?.items.find((it) => held.has(it.goodsId))?.goodsId
      : held.has(p.goodsId)
        ? p.goodsId
        : undefined;
    if (heldId !== undefined)
      throw invalid(
        `params.${i}.goods_id`,
        `${goodsById.get(heldId)?.name ?? '商品'}：${HELD_REASON}`,
      );
  }
  const variants = await loadVariants(
    db,
    companyId,
    goodsRequests.map((p) => p.goodsPriceId ?? 0),
  );
  const lines: Added[] = [];
  await db.transaction(async (tx) => {
    for (const [i, p] of requests.entries()) {
      lines.push(
        isCombination(p)
          ? await addCombination(tx, company, p, i, combos.get(p.goodsId), goodsById)
          : await addGoods(tx, company, p, i, goodsById.get(p.goodsId), variants),
      );
    }
  });
  return { lines, total: await cartCount(companyId) };
}

export async function addToCart(companyId: number, requests: readonly AddRequest[]) {
  return presentAdded(await addLines(companyId, requests));
}

/** 一键加购: one pack (or one unit) of the goods. */
export async function quickAdd(companyId: number, goodsId: number) {
  const g = (await readModelCatalogue().goods([goodsId])).get(goodsId);
  if (!g) throw notFound('商品不存在或已下架');
  return addToCart(companyId, [
    { goodsId, quantity: g.mustMultiple ? Math.max(1, g.innerPack) : 1 },
  ]);
}
