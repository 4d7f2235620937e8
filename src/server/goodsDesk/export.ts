// The goods export (.xlsx): a sheet of goods in the import's own columns (so an edited export can
// be imported again) with their stock and sales, and a sheet of their lots. Filtered like the list.
import type { Readable } from 'node:stream';
import { asc, eq, inArray } from 'drizzle-orm';
import { drugClassLabel } from '#/lib/drugClass.ts';
import { fenToYuan } from '#/lib/money.ts';
import { MEMBER_RANKS } from '#/lib/rankPrice.ts';
import { COMPANY_TYPE_LABELS } from '#/lib/validation.ts';
import { type Db, getDb } from '#/server/db/client.ts';
import { inSlices, sliced } from '#/server/db/slices.ts';
import { tooLarge } from '#/server/errors.ts';
import {
  brands,
  controlledRules,
  goods,
  goodsLots,
  ladderPrices,
} from '#/server/db/schema/index.ts';
import { writeXlsx, xlsxStream } from '#/server/spreadsheets/writeXlsx.ts';
import type { GoodsFilter } from './forms.ts';
import { GOODS_COLUMNS, LOT_COLUMNS } from './import/columns.ts';
import { filteredGoodsIds } from './load.ts';

/** Goods one export holds at most. */
export const MAX_EXPORT_GOODS = 100_000;

const yesNo = (b: boolean) => (b ? '是' : '否');
const typeLabel = (t: string) => COMPANY_TYPE_LABELS[t as keyof typeof COMPANY_TYPE_LABELS] ?? t;

/** A slice of goods with their ladders and controlled-sales rules, in id order. */
async function goodsSlice(db: Db, ids: number[]) {
  const [rows, ladders, rules] = await Promise.all([
    db.select().from(goods).where(inArray(goods.id, ids)).orderBy(asc(goods.id)),
    db
      .select()
      .from(ladderPrices)
      .where(inArray(ladderPrices.goodsId, ids))
      .orderBy(asc(ladderPrices.minNumber)),
    db.select().from(controlledRules).where(inArray(controlledRules.goodsId, ids)),
  ]);
  const ladderOf = Map.groupBy(ladders, (l) => l.goodsId);
  const ruleOf = new Map(rules.map((r) => [r.goodsId, r]));
  return rows.map((g) => ({ g, ladders: ladderOf.get(g.id) ?? [], rule: ruleOf.get(g.id) }));
}

type ExportedGoods = Awaited<ReturnType<typeof goodsSlice>>[number];

/** A slice of goods' lots with their goods' codes, by goods then expiry. */
function lotsSlice(db: Db, ids: number[]) {
  return db
    .select({
      erp_code: goods.erpCode,
      code: goods.code,
      batch_no: goodsLots.batchNo,
      produced_on: goodsLots.producedOn,
      expires_on: goodsLots.expiresOn,
      stock: goodsLots.stock,
    })
    .from(goodsLots)
    .innerJoin(goods, eq(goods.id, goodsLots.goodsId))
    .where(inArray(goodsLots.goodsId, ids))
    .orderBy(asc(goodsLots.goodsId), asc(goodsLots.expiresOn));
}

/**
 * What the 品牌 column holds for each brand: its name, which the import reads first, or its id
 * when another brand has the same name (the import refuses an ambiguous name). A brand whose id
 * reads as another brand's name keeps its name: refused on import rather than read as the other.
 */
function brandCells(list: { id: number; name: string }[]): Map<number, string | number> {
  const named = Map.groupBy(list, (b) => b.name);
  return new Map(
    list.map((b) => [
      b.id,
      named.get(b.name)!.length > 1 && !named.has(String(b.id)) ? b.id : b.name,
    ]),
  );
}

/** The goods matching `f` as a workbook streamed as it is written, and how many they are. */
export async function exportGoods(f: GoodsFilter): Promise<{ book: Readable; rows: number }> {
  const db = await getDb();
  const ids = await filteredGoodsIds(f, MAX_EXPORT_GOODS + 1);
  // Refused rather than cut short: an export missing goods would import back as if complete.
  if (ids.length > MAX_EXPORT_GOODS)
    throw tooLarge(`符合条件的商品超过${MAX_EXPORT_GOODS}个，请按分类或状态筛选后再导出`);
  const brandCell = brandCells(await db.select({ id: brands.id, name: brands.name }).from(brands));
  const goodsRow = ({ g, ladders, rule }: ExportedGoods) => ({
    id: g.id,
    erp_code: g.erpCode ?? '',
    code: g.code,
    name: g.name,
    trade_name: g.tradeName,
    spec: g.spec,
    manufacturer: g.sccj,
    approval_no: g.approvalNo,
    drug_class: drugClassLabel(g.drugClass),
    bzdw: g.bzdw,
    inner_pack: g.innerPack,
    case_qty: g.caseQty,
    must_multiple: yesNo(g.mustMultiple),
    // The category's id: names repeat across the product lines.
    category: g.categoryId,
    brand: g.brandId ? (brandCell.get(g.brandId) ?? g.brandId) : '',
    base_price: fenToYuan(g.basePrice),
    ...Object.fromEntries(
      MEMBER_RANKS.map((r) => {
        const fen = g.rankPrices[String(r)];
        return [`v${r}`, fen === undefined ? '' : fenToYuan(fen)];
      }),
    ),
    ladder: ladders.map((l) => `${l.minNumber}:${fenToYuan(l.price)}`).join(';'),
    tags: g.tags.join(','),
    is_ephedrine: yesNo(g.isEphedrine),
    purchase_limit: g.purchaseLimit,
    is_controlled: yesNo(g.isControlled),
    controlled_regions: g.isControlled ? (rule?.regions ?? []).join(',') : '',
    controlled_types: g.isControlled ? (rule?.customerTypes ?? []).map(typeLabel).join(',') : '',
    free_shipping_number: g.isFreeShipping ? g.freeShippingNumber : 0,
    is_buy: yesNo(g.isBuy),
    description: g.description,
    stock: g.stock,
    sales: g.sales,
  });
  const book = xlsxStream([
    {
      name: '商品',
      columns: [
        { header: '商品ID', key: 'id', width: 8 },
        ...GOODS_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 12 })),
        { header: '库存合计', key: 'stock', width: 10 },
        { header: '销量', key: 'sales', width: 10 },
      ],
      rows: inSlices(sliced(ids), async (slice) => (await goodsSlice(db, slice)).map(goodsRow)),
    },
    {
      name: '批号',
      columns: [
        { header: 'ERP编码', key: 'erp_code' },
        { header: '商品编码', key: 'code' },
        ...LOT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 12 })),
      ],
      rows: inSlices(sliced(ids), (slice) => lotsSlice(db, slice)),
    },
  ]);
  return { book, rows: ids.length };
}

/** The import template: the columns with one example row. */
export function importTemplate(): Promise<Buffer> {
  const columns = [...GOODS_COLUMNS, ...LOT_COLUMNS];
  return writeXlsx([
    {
      name: '商品导入',
      columns: columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 12 })),
      rows: [Object.fromEntries(columns.map((c) => [c.key, c.example]))],
    },
  ]);
}
