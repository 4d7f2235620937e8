// The goods desk's wire format: snake_case fields, money as yuan strings, as the editor posts them.
import { drugClassLabel } from '#/lib/drugClass.ts';
import { shopIso } from '#/lib/shopClock.ts';
import { fenToYuan } from '#/lib/money.ts';
import type { goodsImports } from '#/server/db/schema/index.ts';
import type { GoodsForEdit, GoodsListRow } from './load.ts';

export function presentGoodsRow(r: GoodsListRow) {
  return {
    id: r.id,
    code: r.code,
    erp_code: r.erpCode ?? '',
    name: r.name,
    trade_name: r.tradeName,
    spec: r.spec,
    manufacturer: r.sccj,
    approval_no: r.approvalNo,
    drug_class: r.drugClass,
    drug_class_name: drugClassLabel(r.drugClass),
    bzdw: r.bzdw,
    base_price: fenToYuan(r.basePrice),
    stock: r.stock,
    nearest_expiry: r.nearestExpiry,
    is_buy: r.isBuy,
    version: r.version,
  };
}

/** One goods as the editor loads and saves it (the same field names the form posts). */
export function presentGoods({ row: g, ladder, rule, lots }: GoodsForEdit) {
  return {
    id: g.id,
    version: g.version,
    code: g.code,
    erp_code: g.erpCode ?? '',
    name: g.name,
    trade_name: g.tradeName,
    spec: g.spec,
    manufacturer: g.sccj,
    approval_no: g.approvalNo,
    drug_class: g.drugClass,
    bzdw: g.bzdw,
    inner_pack: g.innerPack,
    case_qty: g.caseQty,
    must_multiple: g.mustMultiple,
    category_id: g.categoryId,
    brand_id: g.brandId,
    base_price: fenToYuan(g.basePrice),
    rank_prices: Object.fromEntries(
      Object.entries(g.rankPrices).map(([rank, fen]) => [`v${rank}`, fenToYuan(fen)]),
    ),
    ladder: ladder.map((t) => ({ min_number: t.minNumber, price: fenToYuan(t.price) })),
    tags: g.tags,
    is_ephedrine: g.isEphedrine,
    purchase_limit: g.purchaseLimit,
    is_controlled: g.isControlled,
    controlled_regions: rule?.regions ?? [],
    controlled_types: rule?.customerTypes ?? [],
    is_free_shipping: g.isFreeShipping,
    free_shipping_number: g.freeShippingNumber,
    is_buy: g.isBuy,
    description: g.description,
    images: g.images,
    stock: g.stock,
    sales: g.sales,
    search_keys: { name: g.nameInitials, trade: g.tradeInitials, manufacturer: g.sccjInitials },
    lots: lots.map((l) => ({
      id: l.id,
      batch_no: l.batchNo,
      produced_on: l.producedOn,
      expires_on: l.expiresOn,
      stock: l.stock,
    })),
  };
}

export function presentImport(r: typeof goodsImports.$inferSelect) {
  return {
    id: r.id,
    file_name: r.fileName,
    dry_run: r.dryRun,
    state: r.state,
    total: r.total,
    done: r.done,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    refused: r.refused,
    report: r.report,
    created_at: shopIso(r.createdAt),
    finished_at: shopIso(r.finishedAt),
  };
}
