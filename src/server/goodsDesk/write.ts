// Writing one goods row from its checked fields: the manufacturer found or added, the line taken
// from the category, the search keys computed (lib/pinyinKeys, the one rule), the ladder and the
// controlled-sales rule replaced. The editor and the import both write through here.
import { eq } from 'drizzle-orm';
import { goodsSearchKeys, pinyinKeys } from '#/lib/pinyinKeys.ts';
import type { Tx } from '#/server/db/client.ts';
import {
  brands,
  categories,
  controlledRules,
  goods,
  ladderPrices,
  manufacturers,
  type Line,
} from '#/server/db/schema/index.ts';
import { invalid } from '#/server/errors.ts';
import type { GoodsFieldsInput } from './forms.ts';

/** The manufacturer of this name, added (with its pinyin keys) when new. */
export async function manufacturerId(tx: Tx, name: string): Promise<number> {
  const [found] = await tx
    .select({ id: manufacturers.id })
    .from(manufacturers)
    .where(eq(manufacturers.name, name));
  if (found) return found.id;
  const keys = pinyinKeys(name);
  const [made] = await tx
    .insert(manufacturers)
    .values({ name, initials: keys.initials, pinyin: keys.full })
    .onConflictDoUpdate({ target: manufacturers.name, set: { name } })
    .returning({ id: manufacturers.id });
  return made!.id;
}

/** What a goods row refers to: its category's line and its manufacturer. */
export interface GoodsRefs {
  line: Line;
  manufacturerId: number;
}

/** Checks the category and brand the fields name, and finds (or adds) the manufacturer. */
export async function resolveRefs(tx: Tx, f: GoodsFieldsInput): Promise<GoodsRefs> {
  const [category] = await tx
    .select({ line: categories.line })
    .from(categories)
    .where(eq(categories.id, f.category_id));
  if (!category) throw invalid('category_id', '商品分类不存在');
  if (f.brand_id !== undefined) {
    const [brand] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(eq(brands.id, f.brand_id));
    if (!brand) throw invalid('brand_id', '品牌不存在');
  }
  return { line: category.line, manufacturerId: await manufacturerId(tx, f.manufacturer) };
}

/** The goods columns of these fields (what the row stores). */
export function goodsColumns(f: GoodsFieldsInput, refs: GoodsRefs) {
  return {
    code: f.code,
    erpCode: f.erp_code ?? null,
    name: f.name,
    tradeName: f.trade_name,
    spec: f.spec,
    manufacturerId: refs.manufacturerId,
    sccj: f.manufacturer,
    approvalNo: f.approval_no,
    drugClass: f.drug_class,
    bzdw: f.bzdw,
    innerPack: f.inner_pack,
    caseQty: f.case_qty,
    mustMultiple: f.must_multiple,
    categoryId: f.category_id,
    line: refs.line,
    brandId: f.brand_id ?? null,
    basePrice: f.base_price,
    ...(f.rank_prices ? { rankPrices: f.rank_prices } : {}),
    isBuy: f.is_buy,
    isFreeShipping: f.is_free_shipping,
    freeShippingNumber: f.free_shipping_number,
    tags: f.tags,
    isEphedrine: f.is_ephedrine,
    purchaseLimit: f.purchase_limit,
    isControlled: f.is_controlled,
    description: f.description,
    ...goodsSearchKeys({ name: f.name, tradeName: f.trade_name, sccj: f.manufacturer }),
  };
}

/** Replaces the goods' ladder and controlled-sales rule with the form's (the allow-list stays). */
export async function writePriceRules(tx: Tx, goodsId: number, f: GoodsFieldsInput) {
  await tx.delete(ladderPrices).where(eq(ladderPrices.goodsId, goodsId));
  if (f.ladder.length)
    await tx
      .insert(ladderPrices)
      .values(f.ladder.map((t) => ({ goodsId, minNumber: t.min_number, price: t.price })));
  if (!f.is_controlled) return;
  const rule = { regions: f.controlled_regions, customerTypes: f.controlled_types };
  const updated = await tx
    .update(controlledRules)
    .set(rule)
    .where(eq(controlledRules.goodsId, goodsId))
    .returning({ id: controlledRules.id });
  if (updated.length === 0) await tx.insert(controlledRules).values({ goodsId, ...rule });
}

/** Refuses a code or ERP code another goods already uses. */
export async function assertCodesFree(tx: Tx, f: GoodsFieldsInput, exceptId: number | null) {
  const clash = async (column: typeof goods.code | typeof goods.erpCode, value: string) => {
    const [row] = await tx.select({ id: goods.id }).from(goods).where(eq(column, value));
    return row !== undefined && row.id !== exceptId;
  };
  if (await clash(goods.code, f.code)) throw invalid('code', `商品编码${f.code}已被其他商品使用`);
  if (f.erp_code && (await clash(goods.erpCode, f.erp_code)))
    throw invalid('erp_code', `ERP编码${f.erp_code}已被其他商品使用`);
}
