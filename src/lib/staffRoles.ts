// The back office's roles (DOMAIN.md "Operators"). A staff member may hold several; `admin` may do
// everything, including managing staff.
export const STAFF_ROLES = [
  'admin',
  'reviewer',
  'warehouse',
  'finance',
  'service',
  'merchandiser',
  'editor',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABEL: Record<StaffRole, string> = {
  admin: '管理员',
  reviewer: '资质审核',
  warehouse: '仓库',
  finance: '财务',
  service: '客服',
  merchandiser: '商品运营',
  editor: '内容编辑',
};

export const isStaffRole = (s: string): s is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(s);

/** Whether someone holding `roles` may act as `role`. */
export function hasRole(roles: readonly string[], role: StaffRole): boolean {
  return roles.includes('admin') || roles.includes(role);
}

/** Whether someone holding `roles` may act as any of `wanted`. */
export const hasAnyRole = (roles: readonly string[], wanted: readonly StaffRole[]): boolean =>
  wanted.some((r) => hasRole(roles, r));

/** Who works the order queue and may cancel an unshipped order (admin may anyway). */
export const ORDER_DESK_ROLES: readonly StaffRole[] = ['warehouse', 'finance'];
/** Who ships orders. */
export const SHIPPING_ROLE: StaffRole = 'warehouse';
/** Who reviews 含麻 receipt slips: the warehouse, which ships them and files them for GSP. */
export const SLIP_REVIEW_ROLES: readonly StaffRole[] = ['warehouse'];
/** Returns: reviewers decide (a review of what a buyer submitted), the warehouse receives the goods, finance refunds. */
export const RETURN_ROLE = {
  decide: 'reviewer',
  receive: 'warehouse',
  refund: 'finance',
} as const satisfies Record<string, StaffRole>;
/** Who sees the returns queue and its photos. */
export const RETURN_QUEUE_ROLES: readonly StaffRole[] = Object.values(RETURN_ROLE);
/** Who confirms bank transfers, pays refunds out and keeps credit terms. */
export const FINANCE_ROLE: StaffRole = 'finance';
/** Who reviews buyers' licences and reminds them of expiry. */
export const LICENCE_ROLE: StaffRole = 'reviewer';
/** Store profiles: reviewers keep who a buyer is (type, region, rank, contact, chat, allow-lists, contract); finance keeps its credit terms. */
export const STORE_ROLE = { profile: 'reviewer', credit: 'finance' } as const satisfies Record<
  string,
  StaffRole
>;
/** Who finds and opens store profiles. */
export const STORE_DESK_ROLES: readonly StaffRole[] = Object.values(STORE_ROLE);
/** Who keeps the GSP documents: first-business documents, batch test reports, the shop's own. */
export const GSP_ROLE: StaffRole = 'merchandiser';
/** Who reads the reports dashboard and its exports. */
export const REPORT_ROLES: readonly StaffRole[] = ['finance'];
/** Who answers wanted-requests and feedback (the inboxes). */
export const INBOX_ROLES: readonly StaffRole[] = ['service'];
/** Who creates, schedules and ends promotions, coupons, lucky draws and points-mall goods. */
export const PROMOTION_ROLE: StaffRole = 'merchandiser';
/** Who keeps what every page shows: navigation, banners, hot words, service numbers, licences. */
export const CONTENT_ROLE: StaffRole = 'editor';
/** Who keeps the catalogue: goods, prices, lots, images, imports and exports. */
export const CATALOGUE_ROLE: StaffRole = 'merchandiser';
