// The workbench's to-do (工作台 待办): how much waits on each desk the staff member works, each
// counted by that desk's own queue with the filter its link opens, so the number on the
// workbench is the number on the desk.
import {
  CATALOGUE_ROLE,
  FINANCE_ROLE,
  hasAnyRole,
  INBOX_ROLES,
  LICENCE_ROLE,
  RETURN_ROLE,
  SHIPPING_ROLE,
  SLIP_REVIEW_ROLES,
  type StaffRole,
} from '#/lib/staffRoles.ts';
import { chatReader, listConversations } from '#/server/chat/desk.ts';
import { GoodsQuery } from '#/server/goodsDesk/forms.ts';
import { goodsList } from '#/server/goodsDesk/load.ts';
import { orderCounts } from '#/server/fulfilment/queue.ts';
import { listSlips } from '#/server/fulfilment/slips.ts';
import { feedbackInbox } from '#/server/inbox/feedback.ts';
import { wantedInbox } from '#/server/inbox/wanted.ts';
import { invoiceQueueTotal } from '#/server/invoices/queue.ts';
import { licenceTabCounts } from '#/server/licences/queue.ts';
import { refundQueue } from '#/server/refunds/queue.ts';
import { returnQueue } from '#/server/returns/queue.ts';
import { transferQueue } from '#/server/transfers/queue.ts';

export interface TodoItem {
  key: string;
  label: string;
  /** the desk, filtered to what waits */
  href: string;
  count: number;
}

/** Who looks at the workbench. */
type Staff = { id: number; login: string; roles: readonly string[] };

interface Todo {
  key: string;
  label: string;
  href: string;
  roles: readonly StaffRole[];
  count: (me: Staff) => Promise<number>;
}

const goodsCount = async (filter: { on_sale: '1'; stock: 'out' | 'low' }) =>
  (await goodsList(GoodsQuery.parse({ ...filter, per_page: 1 }))).total;

const returnsIn = async (status: 'pending' | 'approved' | 'received') =>
  (await returnQueue({ status, page: 1, perPage: 1 })).total;

// In the order a day's work flows: stores reviewed, orders shipped, money in, returns, stock to
// replenish, service.
const TODOS: readonly Todo[] = [
  {
    key: 'licences',
    label: '待审核资质',
    href: '/admin/licences?state=pending',
    roles: [LICENCE_ROLE],
    count: async () => (await licenceTabCounts()).pending,
  },
  {
    key: 'orders',
    label: '待发货订单',
    href: '/admin/orders?status=paid',
    roles: [SHIPPING_ROLE],
    count: async () => (await orderCounts()).paid,
  },
  {
    key: 'slips',
    label: '待审核含麻回执单',
    href: '/admin/slips?status=uploaded',
    roles: SLIP_REVIEW_ROLES,
    count: async () => (await listSlips({ status: 'uploaded', page: 1 })).total,
  },
  {
    key: 'transfers',
    label: '待确认转账',
    href: '/admin/payments',
    roles: [FINANCE_ROLE],
    count: async () =>
      (await transferQueue({ status: 'pending', keyword: '', page: 1, perPage: 1 })).total,
  },
  {
    key: 'refunds',
    label: '待打款退款',
    href: '/admin/payments',
    roles: [FINANCE_ROLE],
    count: async () => (await refundQueue({ state: 'waiting', page: 1, perPage: 1 })).total,
  },
  {
    key: 'invoices',
    label: '待开票订单',
    href: '/admin/invoices',
    roles: [FINANCE_ROLE],
    count: () => invoiceQueueTotal('to_issue'),
  },
  {
    key: 'invoices-correct',
    label: '待红冲发票',
    href: '/admin/invoices?state=to_correct',
    roles: [FINANCE_ROLE],
    count: () => invoiceQueueTotal('to_correct'),
  },
  {
    key: 'returns-review',
    label: '待审核退货',
    href: '/admin/returns?status=pending',
    roles: [RETURN_ROLE.decide],
    count: () => returnsIn('pending'),
  },
  {
    key: 'returns-receive',
    label: '待收货退货',
    href: '/admin/returns?status=approved',
    roles: [RETURN_ROLE.receive],
    count: () => returnsIn('approved'),
  },
  {
    key: 'returns-refund',
    label: '待退款退货',
    href: '/admin/returns?status=received',
    roles: [RETURN_ROLE.refund],
    count: () => returnsIn('received'),
  },
  {
    key: 'out-of-stock',
    label: '在售无库存商品',
    href: '/admin/goods?on_sale=1&stock=out',
    roles: [CATALOGUE_ROLE],
    count: () => goodsCount({ on_sale: '1', stock: 'out' }),
  },
  {
    key: 'low-stock',
    label: '在售低库存商品',
    href: '/admin/goods?on_sale=1&stock=low',
    roles: [CATALOGUE_ROLE],
    count: () => goodsCount({ on_sale: '1', stock: 'low' }),
  },
  {
    key: 'chats',
    label: '待回复会话',
    href: '/admin/chat',
    roles: ['service'],
    count: async (me) =>
      (await listConversations(chatReader(me), 'active')).filter(
        (c) => c.status === 'waiting' || c.unread > 0,
      ).length,
  },
  {
    key: 'feedback',
    label: '待回复反馈',
    href: '/admin/inbox/feedback?status=pending',
    roles: INBOX_ROLES,
    count: async () => (await feedbackInbox('pending', 1)).total,
  },
  {
    key: 'wanted',
    label: '待回复求购',
    href: '/admin/inbox/wanted?status=pending',
    roles: INBOX_ROLES,
    count: async () => (await wantedInbox('pending', 1)).total,
  },
];

/** What waits on the desks `me` works (admin: all of them), in the order of a day's work. */
export async function staffTodo(me: Staff): Promise<TodoItem[]> {
  const mine = TODOS.filter((t) => hasAnyRole(me.roles, t.roles));
  const counts = await Promise.all(mine.map((t) => t.count(me)));
  return mine.map(({ key, label, href }, i) => ({ key, label, href, count: counts[i]! }));
}
