// The back office's menu: each entry shows only to staff holding one of its roles (the endpoints
// check the role again server-side).
import {
  CONTENT_ROLE,
  CATALOGUE_ROLE,
  FINANCE_ROLE,
  GSP_ROLE,
  hasAnyRole,
  INBOX_ROLES,
  LICENCE_ROLE,
  ORDER_DESK_ROLES,
  REPORT_ROLES,
  PROMOTION_ROLE,
  RETURN_QUEUE_ROLES,
  SLIP_REVIEW_ROLES,
  STORE_DESK_ROLES,
  type StaffRole,
} from './staffRoles.ts';

export interface AdminNavItem {
  href: string;
  label: string;
  /** any one of these roles shows the entry; null = everyone */
  role: StaffRole | readonly StaffRole[] | null;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { href: '/admin', label: '工作台', role: null },
  { href: '/admin/licences', label: '资质审核', role: LICENCE_ROLE },
  { href: '/admin/stores', label: '门店资料', role: STORE_DESK_ROLES },
  { href: '/admin/orders', label: '订单发货', role: ORDER_DESK_ROLES },
  { href: '/admin/slips', label: '含麻回执单', role: SLIP_REVIEW_ROLES },
  { href: '/admin/returns', label: '退货与售后', role: RETURN_QUEUE_ROLES },
  { href: '/admin/chat', label: '在线客服', role: 'service' },
  { href: '/admin/payments', label: '收款与退款', role: FINANCE_ROLE },
  { href: '/admin/credit', label: '账期管理', role: FINANCE_ROLE },
  { href: '/admin/invoices', label: '发票开具', role: FINANCE_ROLE },
  { href: '/admin/documents', label: '首营资料', role: GSP_ROLE },
  { href: '/admin/reports', label: '经营报表', role: REPORT_ROLES },
  { href: '/admin/inbox', label: '求购与反馈', role: INBOX_ROLES },
  { href: '/admin/promotions', label: '促销活动', role: PROMOTION_ROLE },
  { href: '/admin/content', label: '内容与设置', role: CONTENT_ROLE },
  { href: '/admin/goods', label: '商品与库存', role: CATALOGUE_ROLE },
  { href: '/admin/staff', label: '员工与角色', role: 'admin' },
  { href: '/admin/service-contacts', label: '专属客服', role: 'admin' },
  { href: '/admin/audit', label: '操作日志', role: 'admin' },
];

const allowed = (roles: readonly string[], role: AdminNavItem['role']) =>
  role === null || hasAnyRole(roles, typeof role === 'string' ? [role] : role);

export const adminNavFor = (roles: readonly string[]) =>
  ADMIN_NAV.filter((i) => allowed(roles, i.role));
