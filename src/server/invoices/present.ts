// The wire shapes of invoices (SPEC "e-invoices"): yuan strings, snake_case.
import type { InvoiceProfile } from '#/server/db/schema/index.ts';
import { shopIso } from '#/lib/shopClock.ts';
import type { OrderRow } from '#/server/orders/model.ts';
import { fenToYuan } from '#/lib/money.ts';
import { extensionOf, type FileType } from '#/server/storage.ts';
import { invoiceDueFen } from './due.ts';
import type { InvoiceCase } from './queue.ts';
import { INVOICE_TYPE_LABEL, type InvoiceRow } from './records.ts';

export const presentProfile = (p: InvoiceProfile) => ({
  title: p.title,
  tax_no: p.taxNo,
  bank: p.bank,
  account: p.account,
  address_phone: p.addressPhone,
});

const INVOICE_STATUS_LABEL = { issued: '已开票', pending: '待开票', none: '无需开票' } as const;

const fileExtension = (name: string) => name.slice(name.lastIndexOf('.') + 1);

/**
 * One order's invoice: 待开票 until finance uploads the one issued on the tax platform, for the
 * payable less refunds; 无需开票 once refunds left nothing to invoice.
 */
export function presentInvoice(
  o: OrderRow,
  inv: InvoiceRow | undefined,
  profile: InvoiceProfile,
  refundedFen: number,
) {
  const buyer = inv?.buyer ?? profile;
  const due = invoiceDueFen(o.payableAmount, refundedFen);
  const status = inv ? 'issued' : due > 0 ? 'pending' : 'none';
  return {
    order_id: o.id,
    order_no: o.no,
    type: o.invoiceType,
    type_text: INVOICE_TYPE_LABEL[o.invoiceType] ?? '普通发票',
    ...presentProfile(buyer),
    status,
    status_text: INVOICE_STATUS_LABEL[status],
    invoice_no: inv?.number ?? null,
    issued_on: inv?.issuedOn ?? null,
    amount: fenToYuan(inv?.amount ?? due),
    tax_amount: inv ? fenToYuan(inv.taxAmount) : null,
    file_type: inv ? fileExtension(inv.file) : null,
    created_at: shopIso(o.createdAt),
  };
}
export type InvoiceView = ReturnType<typeof presentInvoice>;

export const invoiceFileName = (inv: InvoiceRow, type: FileType) =>
  `invoice-${inv.number}.${extensionOf(type)}`;

/** One order of finance's invoice desk (invoices/queue.ts): to issue, or to correct. */
export const presentInvoiceCase = (c: InvoiceCase) => ({
  order_id: c.order.id,
  order_no: c.order.no,
  order_status: c.order.status,
  company: { id: c.order.companyId, name: c.companyName },
  invoice_type: c.order.invoiceType,
  invoice_type_text: INVOICE_TYPE_LABEL[c.order.invoiceType] ?? '普通发票',
  /** what the invoice is for: the payable less what was refunded */
  amount: fenToYuan(invoiceDueFen(c.order.payableAmount, c.refunded)),
  refunded: fenToYuan(c.refunded),
  shipped_at: shopIso(c.order.shippedAt),
  missing: c.missing,
  /** the invoice issued, when it is to be corrected: its number, date and 价税合计 */
  invoice: c.invoice && {
    number: c.invoice.number,
    issued_on: c.invoice.issuedOn,
    amount: fenToYuan(c.invoice.amount),
  },
});
