// 电子发票: one invoice per order of the store, issued (已开具) once the order is paid. Kind from the
// order's invoice_type; title is the company name, tax number its business licence number
// (统一社会信用代码) when one is on file. Reads orders; never changes them.
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { companies, licences, orderLines, orders } from '#/server/db/schema/index.ts';
import { conflict } from '#/server/errors.ts';
import type { Page } from '#/server/http/respond.ts';
import { ownOrder } from '#/server/orders/own.ts';
import { fenToYuan } from '#/lib/money.ts';
import { SITE_NAME } from '#/lib/constants.ts';
import { escapeHtml } from '#/lib/html.ts';

const ISSUED_STATUSES = new Set(['paid', 'shipped', 'completed']);
export const INVOICE_TYPE_LABEL: Record<string, string> = {
  normal: '普通发票',
  special: '增值税专用发票',
};

type OrderRow = typeof orders.$inferSelect;
type Buyer = { title: string; taxNo: string };

async function buyerOf(companyId: number): Promise<Buyer> {
  const db = await getDb();
  const [c] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const [lic] = await db
    .select({ number: licences.number })
    .from(licences)
    .where(
      and(
        eq(licences.companyId, companyId),
        eq(licences.type, 'business'),
        ne(licences.state, 'rejected'),
      ),
    )
    .orderBy(desc(licences.id))
    .limit(1);
  return { title: c?.name ?? '', taxNo: lic?.number ?? '' };
}

function invoiceView(o: OrderRow, buyer: Buyer) {
  const issued = ISSUED_STATUSES.has(o.status);
  return {
    order_id: o.id,
    order_no: o.no,
    invoice_no: issued ? `FP${o.no.slice(2)}` : null,
    type: o.invoiceType,
    type_text: INVOICE_TYPE_LABEL[o.invoiceType] ?? '普通发票',
    title: buyer.title,
    tax_no: buyer.taxNo,
    amount: fenToYuan(o.payableAmount),
    status: issued ? 'issued' : 'pending',
    status_text: issued ? '已开具' : '待开具（付款后开具）',
    issued_at: issued ? (o.paidAt ?? o.createdAt).toISOString() : null,
    created_at: o.createdAt.toISOString(),
  };
}
export type InvoiceView = ReturnType<typeof invoiceView>;

/** The store's orders that will have or have an invoice: every order but cancelled ones. */
export async function listInvoices(
  companyId: number,
  page: number,
  perPage: number,
): Promise<Page<InvoiceView>> {
  const db = await getDb();
  const where = and(eq(orders.companyId, companyId), ne(orders.status, 'cancelled'));
  const [rows, [total], buyer] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).where(where),
    buyerOf(companyId),
  ]);
  return {
    rows: rows.map((o) => invoiceView(o, buyer)),
    total: Number(total?.n ?? 0),
    page,
    perPage,
  };
}

export async function invoiceInfo(companyId: number, orderId: number) {
  const o = await ownOrder(companyId, orderId);
  if (o.status === 'cancelled') throw conflict('已取消的订单不开具发票');
  const db = await getDb();
  const [lines, buyer] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id)),
    buyerOf(companyId),
  ]);
  return {
    ...invoiceView(o, buyer),
    lines: lines.map((l) => ({
      name: l.name,
      spec: l.spec,
      unit: l.bzdw,
      number: l.number,
      price: fenToYuan(l.unitPrice),
      amount: fenToYuan(l.amount - l.discount),
    })),
    discount_amount: fenToYuan(o.fullReductionAmount + o.couponAmount + o.cashVoucherAmount),
    shipping_amount: fenToYuan(o.shippingAmount),
  };
}

/** The issued invoice as a standalone HTML file to download and print. Unpaid orders: 409. */
export async function invoiceDocument(
  companyId: number,
  orderId: number,
): Promise<{ fileName: string; html: string }> {
  const inv = await invoiceInfo(companyId, orderId);
  if (inv.status !== 'issued') throw conflict('订单付款后才能下载发票');
  const date = new Date(inv.issued_at!).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' });
  const rows = inv.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.name)}</td><td>${escapeHtml(l.spec)}</td><td>${escapeHtml(l.unit)}</td><td>${l.number}</td><td>${l.price}</td><td>${l.amount}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>电子发票 ${inv.invoice_no}</title>
<style>body{font-family:sans-serif;max-width:760px;margin:24px auto;color:#222}h1{text-align:center;color:#a0522d}table{width:100%;border-collapse:collapse}td,th{border:1px solid #c9a27a;padding:6px;font-size:14px}dl{display:grid;grid-template-columns:8em 1fr;gap:4px}</style></head>
<body><h1>${escapeHtml(inv.type_text)}（电子）</h1>
<dl><dt>发票号码</dt><dd>${inv.invoice_no}</dd><dt>开票日期</dt><dd>${date}</dd><dt>订单号</dt><dd>${escapeHtml(inv.order_no)}</dd>
<dt>购买方名称</dt><dd>${escapeHtml(inv.title)}</dd><dt>纳税人识别号</dt><dd>${escapeHtml(inv.tax_no) || '—'}</dd><dt>销售方</dt><dd>${escapeHtml(SITE_NAME)}</dd></dl>
<table><thead><tr><th>货物名称</th><th>规格</th><th>单位</th><th>数量</th><th>单价</th><th>金额</th></tr></thead><tbody>${rows}</tbody></table>
<p>优惠：¥${inv.discount_amount}　运费：¥${inv.shipping_amount}</p><p><b>价税合计：¥${inv.amount}</b></p></body></html>`;
  return { fileName: `invoice-${inv.invoice_no}.html`, html };
}
