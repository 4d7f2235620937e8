// The export workbooks' sheets: Chinese headers, money in yuan as numbers (so sums work in the
// spreadsheet), dates and times in the shop's time zone.
import { LICENCE_LABELS, COMPANY_TYPE_LABELS } from '#/lib/validation.ts';
import { shopDay } from '#/lib/shopClock.ts';
import { ORDER_STATUS_LABEL, PAY_METHOD_LABEL } from '#/server/orders/present.ts';
import type { writeXlsx } from '#/server/spreadsheets/writeXlsx.ts';
import type { BuyerExport } from './buyers.ts';
import type { OrderExport } from './orders.ts';

type Sheet = Parameters<typeof writeXlsx>[0][number];

const yuan = (fen: number) => fen / 100;
const time = (d: Date | null) =>
  d ? d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) : '';
const LICENCE_STATE_LABEL = { pending: '待审核', approved: '已通过', rejected: '已驳回' } as const;

export function orderSheets(e: OrderExport): Sheet[] {
  return [
    {
      name: '订单',
      columns: [
        { header: '订单号', key: 'no', width: 22 },
        { header: '门店', key: 'company', width: 28 },
        { header: '状态', key: 'status', width: 10 },
        { header: '下单时间', key: 'created_at', width: 20 },
        { header: '支付方式', key: 'pay_method', width: 10 },
        { header: '支付时间', key: 'paid_at', width: 20 },
        { header: '商品金额', key: 'goods_amount' },
        { header: '满减', key: 'full_reduction' },
        { header: '优惠券', key: 'coupon' },
        { header: '现金券', key: 'cash_voucher' },
        { header: '运费', key: 'shipping' },
        { header: '应付金额', key: 'payable' },
        { header: '发票类型', key: 'invoice_type', width: 10 },
        { header: '收货人', key: 'consignee', width: 10 },
        { header: '收货地址', key: 'address', width: 36 },
        { header: '运单号', key: 'tracking_no', width: 18 },
        { header: '备注', key: 'remarks', width: 24 },
      ],
      rows: e.orders.map(({ order: o, companyName }) => ({
        no: o.no,
        company: companyName,
        status: ORDER_STATUS_LABEL[o.status],
        created_at: time(o.createdAt),
        pay_method: o.payMethod ? PAY_METHOD_LABEL[o.payMethod] : '',
        paid_at: time(o.paidAt),
        goods_amount: yuan(o.goodsAmount),
        full_reduction: yuan(o.fullReductionAmount),
        coupon: yuan(o.couponAmount),
        cash_voucher: yuan(o.cashVoucherAmount),
        shipping: yuan(o.shippingAmount),
        payable: yuan(o.payableAmount),
        invoice_type: o.invoiceType === 'special' ? '专用发票' : '普通发票',
        consignee: `${o.address.name} ${o.address.phone}`,
        address: `${o.address.region} ${o.address.address}`,
        tracking_no: o.trackingNo,
        remarks: o.remarks,
      })),
    },
    {
      name: '订单明细',
      columns: [
        { header: '订单号', key: 'no', width: 22 },
        { header: '商品编码', key: 'code', width: 12 },
        { header: '商品名称', key: 'name', width: 24 },
        { header: '规格', key: 'spec', width: 16 },
        { header: '生产厂家', key: 'sccj', width: 24 },
        { header: '批准文号', key: 'approval_no', width: 20 },
        { header: '单位', key: 'unit', width: 6 },
        { header: '数量', key: 'number', width: 8 },
        { header: '单价', key: 'unit_price' },
        { header: '金额', key: 'amount' },
        { header: '分摊优惠', key: 'discount' },
        { header: '实付金额', key: 'net' },
      ],
      rows: e.lines.map(({ line: l, orderNo, goodsCode, approvalNo }) => ({
        no: orderNo,
        code: goodsCode,
        name: l.name,
        spec: l.spec,
        sccj: l.sccj,
        approval_no: approvalNo,
        unit: l.bzdw,
        number: l.number,
        unit_price: yuan(l.unitPrice),
        amount: yuan(l.amount),
        discount: yuan(l.discount),
        net: yuan(l.amount - l.discount),
      })),
    },
  ];
}

export function buyerSheets(e: BuyerExport): Sheet[] {
  const firstExpiry = new Map<number, string>();
  for (const { licence: l } of e.licences)
    if (l.state === 'approved' && !firstExpiry.has(l.companyId))
      firstExpiry.set(l.companyId, l.expiresOn);
  return [
    {
      name: '门店',
      columns: [
        { header: '门店', key: 'name', width: 28 },
        { header: '类型', key: 'type', width: 10 },
        { header: '省份', key: 'province', width: 10 },
        { header: '城市', key: 'city', width: 10 },
        { header: '地址', key: 'address', width: 30 },
        { header: '账号', key: 'username', width: 14 },
        { header: '手机', key: 'phone', width: 14 },
        { header: '联系人', key: 'contact', width: 10 },
        { header: '专属客服', key: 'admin', width: 10 },
        { header: '等级', key: 'rank', width: 6 },
        { header: '认证', key: 'passed', width: 8 },
        { header: '最早到期资质', key: 'first_expiry', width: 14 },
        { header: '注册日期', key: 'created_on', width: 12 },
      ],
      rows: e.stores.map((s) => ({
        name: s.company.name,
        type: COMPANY_TYPE_LABELS[s.company.type],
        province: s.company.province,
        city: s.company.city,
        address: s.company.address,
        username: s.username,
        phone: s.phone,
        contact: s.contact,
        admin: s.admin ?? '',
        rank: s.company.rank,
        passed: s.company.isPassed ? '已认证' : '未认证',
        first_expiry: firstExpiry.get(s.company.id) ?? '',
        created_on: shopDay(s.company.createdAt),
      })),
    },
    {
      name: '资质证件',
      columns: [
        { header: '门店', key: 'company', width: 28 },
        { header: '证件', key: 'type', width: 20 },
        { header: '证号', key: 'number', width: 24 },
        { header: '有效期至', key: 'expires_on', width: 12 },
        { header: '审核状态', key: 'state', width: 10 },
      ],
      rows: e.licences.map(({ licence: l, companyName }) => ({
        company: companyName,
        type: LICENCE_LABELS[l.type],
        number: l.number,
        expires_on: l.expiresOn,
        state: LICENCE_STATE_LABEL[l.state],
      })),
    },
  ];
}
