// The goods export (.xlsx): a sheet of goods in the import's own columns (so an edited export can
// be imported again) with their stock and sales, and a sheet of their lots. Filtered like the list.
import { asc, inArray } from 'drizzle-orm';
import { drugClassLabel } from '#/lib/drugClass.ts';
import { fenToYuan } from '#/lib/money.ts';
import { MEMBER_RANKS } from '#/lib/rankPrice.ts';
import { COMPANY_TYPE_LABELS } from '#/lib/validation.ts';
import { getDb } from '#/server/db/client.ts';
import {
  brands,
  controlledRules,
  goods,
  goodsLots,
  ladderPrices,
} from '#/server/db/schema/index.ts';
import { writeXlsx } from '#/server/spreadsheets/writeXlsx.ts';
import type { GoodsFilter } from './forms.ts';
import { GOODS_COLUMNS, LOT_COLUMNS } from './import/columns.ts';
import { goodsList } from './load.ts';

/** Goods one export holds at most. */
export const MAX_EXPORT_GOODS = 100_000;

const yesNo = (b: boolean) => (b ? '是' : '否');
const typeLabel = (t: string) => COMPANY_TYPE_LABELS[t as keyof typeof COMPANY_TYPE_LABELS] ?? t;

export async function exportGoods(f: GoodsFilter): Promise<{ book: Buffer; rows: number }> {
  const db = await getDb();
  const listed = await goodsList({ ...f, page: 1, per_page: MAX_EXPORT_GOODS });
  const ids = listed.rows.map((r) => r.id);
  const none = ids.length === 0;
  const [rows, ladders, rules, lots, brandRows] = await Promise.all([
    none ? [] : db.select().from(goods).where(inArray(goods.id, ids)).orderBy(asc(goods.id)),
    none
      ? []
      : db
          .select()
          .from(ladderPrices)
          .where(inArray(ladderPrices.goodsId, ids))
          .orderBy(asc(ladderPrices.minNumber)),
    none ? [] : db.select().from(controlledRules).where(inArray(controlledRules.goodsId, ids)),
    none
      ? []
      : db
          .select()
          .from(goodsLots)
          .where(inArray(goodsLots.goodsId, ids))
          .orderBy(asc(goodsLots.goodsId), asc(goodsLots.expiresOn)),
    db.select({ id: brands.id, name: brands.name }).from(brands),
  ]);
  const ladderOf = Map.groupBy(ladders, (l) => l.goodsId);
  const ruleOf = new Map(rules.map((r) => [r.goodsId, r]));
  const brandName = new Map(brandRows.map((b) => [b.id, b.name]));
  const byId = new Map(rows.map((g) => [g.id, g]));
  const goodsRows = rows.map((g) => {
    const rule = ruleOf.get(g.id);
    return {
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
      brand: g.brandId ? (brandName.get(g.brandId) ?? g.brandId) : '',
      base_price: fenToYuan(g.basePrice),
      ...Object.fromEntries(
        MEMBER_RANKS.map((r) => {
          const fen = g.rankPrices[String(r)];
          return [`v${r}`, fen === undefined ? '' : fenToYuan(fen)];
        }),
      ),
      ladder: (ladderOf.get(g.id) ?? [])
        .map((l) => `${l.minNumber}:${fenToYuan(l.price)}`)
        .join(';'),
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
    };
  });
  const book = await writeXlsx([
    {
      name: '商品',
      columns: [
        { header: '商品ID', key: 'id', width: 8 },
        ...GOODS_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 12 })),
        { header: '库存合计', key: 'stock', width: 10 },
        { header: '销量', key: 'sales', width: 10 },
      ],
      rows: goodsRows,
    },
    {
      name: '批号',
      columns: [
        { header: 'ERP编码', key: 'erp_code' },
        { header: '商品编码', key: 'code' },
        ...LOT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 12 })),
      ],
      rows: lots.map((l) => ({
        erp_code: byId.get(l.goodsId)?.erpCode ?? '',
        code: byId.get(l.goodsId)?.code ?? '',
        batch_no: l.batchNo,
        produced_on: l.producedOn,
        expires_on: l.expiresOn,
        stock: l.stock,
      })),
    },
  ]);
  return { book, rows: goodsRows.length };
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
