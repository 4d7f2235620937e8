// The reports' wire and table formats: the sales API's JSON (yuan strings, SPEC style), and every
// dashboard table as titled columns and rows, shown on the page and written to .xlsx alike.
import { fenToYuan, groupYuan } from '#/lib/money.ts';
import { PAY_METHOD_LABEL } from '#/server/orders/present.ts';
import { REFUND_METHOD_LABEL, REFUND_STATUS_LABEL } from '#/server/refunds/present.ts';
import type { Dashboard } from './dashboard.ts';
import type { ReportRange, ReportTable } from './forms.ts';
import type { SalesFigures, SalesPoint } from './sales.ts';

const average = (f: SalesFigures) => (f.orders ? Math.floor(f.amount / f.orders) : 0);

export function presentSales(r: ReportRange, s: { total: SalesFigures; series: SalesPoint[] }) {
  return {
    from: r.from,
    to: r.to,
    by: r.by,
    orders: s.total.orders,
    amount: fenToYuan(s.total.amount),
    buyers: s.total.buyers,
    average_order: fenToYuan(average(s.total)),
    orders_per_day: Math.round((s.total.orders / r.days) * 100) / 100,
    series: s.series.map((p) => ({
      period: p.period,
      orders: p.orders,
      amount: fenToYuan(p.amount),
      buyers: p.buyers,
      average_order: fenToYuan(average(p)),
    })),
  };
}

export interface ReportColumn {
  header: string;
  key: string;
  width?: number;
  /** yuan: shown with two decimals, written as a number */
  money?: boolean;
}
export interface TableView {
  name: ReportTable;
  title: string;
  columns: ReportColumn[];
  rows: Record<string, string | number>[];
}

const yuan = (fen: number) => fen / 100;
const BY_LABEL = { day: '日期', week: '周（周一）', month: '月份' } as const;

export function reportTables(d: Dashboard): Record<ReportTable, TableView> {
  const period = { header: BY_LABEL[d.range.by], key: 'period', width: 12 };
  return {
    series: {
      name: 'series',
      title: '订单与金额',
      columns: [
        period,
        { header: '订单数', key: 'orders' },
        { header: '金额（元）', key: 'amount', money: true },
        { header: '下单门店', key: 'buyers' },
        { header: '客单价（元）', key: 'average', money: true },
      ],
      rows: d.sales.series.map((p) => ({
        period: p.period,
        orders: p.orders,
        amount: yuan(p.amount),
        buyers: p.buyers,
        average: yuan(average(p)),
      })),
    },
    top_goods: {
      name: 'top_goods',
      title: '热销商品 TOP 10',
      columns: [
        { header: '商品', key: 'name', width: 24 },
        { header: '规格', key: 'spec', width: 16 },
        { header: '生产厂家', key: 'sccj', width: 24 },
        { header: '数量', key: 'units' },
        { header: '订单数', key: 'orders' },
        { header: '金额（元）', key: 'amount', money: true },
      ],
      rows: d.goods.map((g) => ({ ...g, amount: yuan(g.amount) })),
    },
    top_buyers: {
      name: 'top_buyers',
      title: '采购门店 TOP 10',
      columns: [
        { header: '门店', key: 'name', width: 28 },
        { header: '省份', key: 'province' },
        { header: '订单数', key: 'orders' },
        { header: '金额（元）', key: 'amount', money: true },
      ],
      rows: d.buyers.map((b) => ({ ...b, amount: yuan(b.amount) })),
    },
    contacts: {
      name: 'contacts',
      title: '专属客服业绩',
      columns: [
        { header: '专属客服', key: 'contact' },
        { header: '下单门店', key: 'buyers' },
        { header: '订单数', key: 'orders' },
        { header: '金额（元）', key: 'amount', money: true },
      ],
      rows: d.contacts.map((c) => ({
        ...c,
        contact: c.contact ?? '未分配',
        amount: yuan(c.amount),
      })),
    },
    signups: {
      name: 'signups',
      title: '新注册与资质通过',
      columns: [
        period,
        { header: '新注册门店', key: 'registered' },
        { header: '资质审核通过', key: 'approved' },
      ],
      rows: d.joined,
    },
    payments: {
      name: 'payments',
      title: '支付方式',
      columns: [
        { header: '支付方式', key: 'method' },
        { header: '订单数', key: 'orders' },
        { header: '金额（元）', key: 'amount', money: true },
      ],
      rows: d.paid.map((p) => ({
        method: p.method ? PAY_METHOD_LABEL[p.method] : '',
        orders: p.orders,
        amount: yuan(p.amount),
      })),
    },
    refunds: {
      name: 'refunds',
      title: '退款',
      columns: [
        { header: '退款方式', key: 'method' },
        { header: '状态', key: 'status' },
        { header: '笔数', key: 'count' },
        { header: '金额（元）', key: 'amount', money: true },
      ],
      rows: d.refunded.map((x) => ({
        method: REFUND_METHOD_LABEL[x.method],
        status: REFUND_STATUS_LABEL[x.status],
        count: x.count,
        amount: yuan(x.amount),
      })),
    },
    traffic: {
      name: 'traffic',
      title: '浏览与下单',
      columns: [
        period,
        { header: '浏览量', key: 'views' },
        { header: '登录访客', key: 'visitors' },
        { header: '订单数', key: 'orders' },
        { header: '下单率', key: 'rate' },
      ],
      rows: d.views.series.map((p, i) => {
        const orders = d.sales.series[i]?.orders ?? 0;
        return { ...p, orders, rate: p.views ? `${((orders / p.views) * 100).toFixed(2)}%` : '—' };
      }),
    },
  };
}

/** The dashboard's cards: the period's totals as the page shows them. */
export function reportCards(d: Dashboard) {
  const s = presentSales(d.range, d.sales);
  return [
    // Counts are grouped by thousands like the amounts (groupYuan groups any decimal).
    { label: '订单数', value: groupYuan(String(s.orders)), testid: 'card-orders' },
    { label: '销售额（元）', value: groupYuan(s.amount), testid: 'card-amount' },
    { label: '下单门店', value: groupYuan(String(s.buyers)), testid: 'card-buyers' },
    { label: '客单价（元）', value: groupYuan(s.average_order), testid: 'card-average' },
    { label: '日均订单', value: groupYuan(String(s.orders_per_day)), testid: 'card-per-day' },
    { label: '浏览量', value: groupYuan(String(d.views.views)), testid: 'card-views' },
  ];
}
