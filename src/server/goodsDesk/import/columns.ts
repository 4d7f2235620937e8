// The columns of the goods import (and of its template and the export): the Chinese header, the
// form field it fills, and how a cell's text becomes that field's value. A row of the file is a
// goods, optionally with one of its lots; several rows of one goods carry several lots.
import { DRUG_CLASS_LABEL } from '#/lib/drugClass.ts';
import { MEMBER_RANKS } from '#/lib/rankPrice.ts';
import { COMPANY_TYPE_LABELS } from '#/lib/validation.ts';

export interface Column {
  header: string;
  key: string;
  /** turns the cell's text into what the form takes; empty cells never reach it */
  read?: (text: string) => unknown;
  /** the template's example */
  example: string;
  width?: number;
}

const YES = new Set(['是', '1', 'y', 'yes', 'true', '√']);
const NO = new Set(['否', '0', 'n', 'no', 'false', '×']);
const yesNo = (text: string) => {
  const t = text.toLowerCase();
  return YES.has(t) ? '1' : NO.has(t) ? '0' : text;
};
const byLabel = (labels: Record<string, string>) => (text: string) =>
  Object.entries(labels).find(([code, label]) => text === label || text === code)?.[0] ?? text;
const items = (text: string) =>
  text
    .split(/[,，、;；]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** 10:12.00;50:11.50 — from 10 units 12.00 yuan each, from 50 units 11.50. */
export function readLadder(text: string) {
  return items(text).map((tier) => {
    const [min, price] = tier.split(/[:：]/).map((s) => s.trim());
    return { min_number: min ?? '', price: price ?? '' };
  });
}

export const GOODS_COLUMNS: readonly Column[] = [
  { header: 'ERP编码', key: 'erp_code', example: 'ERP000123' },
  { header: '商品编码', key: 'code', example: 'YP9000123' },
  { header: '通用名', key: 'name', example: '板蓝根颗粒', width: 20 },
  { header: '商品名', key: 'trade_name', example: '' },
  { header: '规格', key: 'spec', example: '10g*20袋' },
  { header: '生产厂家', key: 'manufacturer', example: '湖北测试制药有限公司', width: 24 },
  { header: '批准文号', key: 'approval_no', example: '国药准字Z42020442', width: 20 },
  { header: '药品分类', key: 'drug_class', read: byLabel(DRUG_CLASS_LABEL), example: '乙类OTC' },
  { header: '包装单位', key: 'bzdw', example: '盒' },
  { header: '中包装', key: 'inner_pack', example: '1' },
  { header: '件装量', key: 'case_qty', example: '40' },
  { header: '按中包装购买', key: 'must_multiple', read: yesNo, example: '否' },
  { header: '类目', key: 'category', example: '感冒用药' },
  { header: '品牌', key: 'brand', example: '' },
  { header: '单价', key: 'base_price', example: '12.50' },
  // 会员等级价 beside the base price, one column per rank (the goods form's rank_prices[vN]).
  ...MEMBER_RANKS.map((r) => ({ header: `V${r}会员价`, key: `v${r}`, example: '' })),
  { header: '阶梯价', key: 'ladder', read: readLadder, example: '10:12.00;50:11.50', width: 18 },
  { header: '标签', key: 'tags', read: items, example: '新' },
  { header: '含麻黄碱', key: 'is_ephedrine', read: yesNo, example: '否' },
  { header: '单笔限购', key: 'purchase_limit', example: '0' },
  { header: '控销', key: 'is_controlled', read: yesNo, example: '否' },
  { header: '控销地区', key: 'controlled_regions', read: items, example: '' },
  {
    header: '控销客户类型',
    key: 'controlled_types',
    read: (t) => items(t).map(byLabel(COMPANY_TYPE_LABELS)),
    example: '',
  },
  { header: '包邮数量', key: 'free_shipping_number', example: '0' },
  { header: '在售', key: 'is_buy', read: yesNo, example: '是' },
  { header: '商品说明', key: 'description', example: '', width: 30 },
];

export const LOT_COLUMNS: readonly Column[] = [
  { header: '批号', key: 'batch_no', example: '20260301' },
  { header: '生产日期', key: 'produced_on', example: '2026-03-01' },
  { header: '有效期至', key: 'expires_on', example: '2028-02-28' },
  { header: '库存', key: 'stock', example: '500' },
];

export const ALL_COLUMNS = [...GOODS_COLUMNS, ...LOT_COLUMNS];
export const HEADER_OF: Record<string, string> = {
  ...Object.fromEntries(ALL_COLUMNS.map((c) => [c.key, c.header])),
  category_id: '类目',
  brand_id: '品牌',
  is_free_shipping: '包邮数量',
  rank_prices: '会员价',
};
const BY_HEADER = new Map(ALL_COLUMNS.map((c) => [c.header, c]));
/** Columns the export adds for reading; an import of an exported file passes over them. */
export const EXPORT_ONLY = ['商品ID', '库存合计', '销量'] as const;
const isKnown = (h: string) => BY_HEADER.has(h) || (EXPORT_ONLY as readonly string[]).includes(h);

/** Why a file's header row cannot be imported, or null. */
export function headerProblem(headers: readonly string[]): string | null {
  const unknown = headers.filter((h) => !isKnown(h));
  if (unknown.length)
    return `无法识别的列：${unknown.slice(0, 5).join('、')}。请使用导入模板的列名`;
  const has = (h: string) => headers.includes(h);
  if (!has('ERP编码') && !has('商品编码') && !(has('批准文号') && has('规格') && has('生产厂家')))
    return '表格须有「ERP编码」列，或「批准文号」「规格」「生产厂家」三列，用来找到对应商品';
  return null;
}

const RANK_KEY = /^v\d$/;

/**
 * The non-empty cells of a row as form values, goods and lot apart. Rank prices come as one
 * `rank_prices` of the ranks filled in: an empty rank cell, like any empty cell, changes nothing.
 */
export function readCells(cells: Record<string, string>) {
  const goods: Record<string, unknown> = {};
  const lot: Record<string, unknown> = {};
  const ranks: Record<string, string> = {};
  for (const [header, text] of Object.entries(cells)) {
    const c = BY_HEADER.get(header);
    if (!c || text === '') continue;
    if (RANK_KEY.test(c.key)) ranks[c.key] = text;
    else (LOT_COLUMNS.includes(c) ? lot : goods)[c.key] = c.read ? c.read(text) : text;
  }
  if (Object.keys(ranks).length) goods['rank_prices'] = ranks;
  return { goods, lot };
}
