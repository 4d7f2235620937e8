// The export workbooks' sheets: Chinese headers, money in yuan as numbers (so sums work in the
// spreadsheet), dates and times in the shop's time zone.
import { LICENCE_LABELS, COMPANY_TYPE_LABELS } from '#/lib/validation.ts';
import { shopDay, shopTimeText } from '#/lib/shopClock.ts';
import { ORDER_STATUS_LABEL, PAY_METHOD_LABEL } from '#/server/orders/present.ts';
import type { SheetSource } from '#/server/spreadsheets/writeXlsx.ts';
import type { BuyerExport } from './buyers.ts';
import type { OrderExport } from './orders.ts';

const yuan = (fen: number) => fen / 100;
const time = (d: Date | null) => (d ? shopTimeText(d) : '');
const LICENCE_STATE_LABEL = { pending: '待审核', approved: '已通过', rejected: '已驳回' } as const;

/** A column: its header, the cell it makes of a row, and its width (the workbook's default if none). */
type Column<T> = readonly [header: string, cell: (row: T) => unknown, width?: number];

/**
 * A sheet declared column by column, so a header and its cell are written once, side by side. Its
 * rows are made as the writer reads them.
 */
function sheet<T>(
  name: string,
  rows: Iterable<T> | AsyncIterable<T>,
  columns: readonly Column<T>[],
): SheetSource {
  const key = (i: number) => `c${i}`;
  async function* cells() {
    for await (const row of rows)
      yield Object.fromEntries(columns.map(([, cell], i) => [key(i), cell(row)]));
  }
  return {
    name,
    columns: columns.map(([header, , width], i) => ({
      header,
      key: key(i),
      ...(width === undefined ? {} : { width }),
    })),
    rows: cells(),
  };
}

export function orderSheets(e: OrderExport): SheetSource[] {
  return [
    sheet('订单', e.orders, [
      ['订单号', ({ order: o }) => o.no, 22],
      ['门店', ({ companyName }) => companyName, 28],
      ['状态', ({ order: o }) => ORDER_STATUS_LABEL[o.status], 10],
      ['下单时间', ({ order: o }) => time(o.createdAt), 20],
      ['支付方式', ({ order: o }) => (o.payMethod ? PAY_METHOD_LABEL[o.payMethod] : ''), 10],
      ['支付时间', ({ order: o }) => time(o.paidAt), 20],
      ['商品金额', ({ order: o }) => yuan(o.goodsAmount)],
      ['满减', ({ order: o }) => yuan(o.fullReductionAmount)],
      ['优惠券', ({ order: o }) => yuan(o.couponAmount)],
      ['现金券', ({ order: o }) => yuan(o.cashVoucherAmount)],
      ['运费', ({ order: o }) => yuan(o.shippingAmount)],
      ['应付金额', ({ order: o }) => yuan(o.payableAmount)],
      ['发票类型', ({ order: o }) => (o.invoiceType === 'special' ? '专用发票' : '普通发票'), 10],
      ['收货人', ({ order: o }) => `${o.address.name} ${o.address.phone}`, 10],
      ['收货地址', ({ order: o }) => `${o.address.region} ${o.address.address}`, 36],
      ['运单号', ({ order: o }) => o.trackingNo, 18],
      ['备注', ({ order: o }) => o.remarks, 24],
    ]),
    sheet('订单明细', e.lines, [
      ['订单号', ({ orderNo }) => orderNo, 22],
      ['商品编码', ({ goodsCode }) => goodsCode, 12],
      ['商品名称', ({ line: l }) => l.name, 24],
      ['规格', ({ line: l }) => l.spec, 16],
      ['生产厂家', ({ line: l }) => l.sccj, 24],
      ['批准文号', ({ approvalNo }) => approvalNo, 20],
      ['单位', ({ line: l }) => l.bzdw, 6],
      ['数量', ({ line: l }) => l.number, 8],
      ['单价', ({ line: l }) => yuan(l.unitPrice)],
      ['金额', ({ line: l }) => yuan(l.amount)],
      ['分摊优惠', ({ line: l }) => yuan(l.discount)],
      ['实付金额', ({ line: l }) => yuan(l.amount - l.discount)],
    ]),
  ];
}

export function buyerSheets(e: BuyerExport): SheetSource[] {
  return [
    sheet('门店', e.stores, [
      ['门店', (s) => s.company.name, 28],
      ['类型', (s) => COMPANY_TYPE_LABELS[s.company.type], 10],
      ['省份', (s) => s.company.province, 10],
      ['城市', (s) => s.company.city, 10],
      ['地址', (s) => s.company.address, 30],
      ['账号', (s) => s.username, 14],
      ['手机', (s) => s.phone, 14],
      ['联系人', (s) => s.contact, 10],
      ['专属客服', (s) => s.admin ?? '', 10],
      ['等级', (s) => s.company.rank, 6],
      ['认证', (s) => (s.company.isPassed ? '已认证' : '未认证'), 8],
      ['最早到期资质', (s) => s.firstExpiry ?? '', 14],
      ['注册日期', (s) => shopDay(s.company.createdAt), 12],
    ]),
    sheet('资质证件', e.licences, [
      ['门店', ({ companyName }) => companyName, 28],
      ['证件', ({ licence: l }) => LICENCE_LABELS[l.type], 20],
      ['证号', ({ licence: l }) => l.number, 24],
      ['有效期至', ({ licence: l }) => l.expiresOn, 12],
      ['审核状态', ({ licence: l }) => LICENCE_STATE_LABEL[l.state], 10],
    ]),
  ];
}
