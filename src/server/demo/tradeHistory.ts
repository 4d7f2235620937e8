// The demo shop's last month of trade, so that whoever opens the back office after `npm start`
// finds work on every desk (orders to ship, a transfer to confirm, a cancel request, a return to
// review, a refund to pay out, invoices to issue and one to red-letter, a chat, a wanted goods and
// a feedback to answer) and reports with a month of figures behind them. Unlike the seed
// (db/seed), which writes rows, it runs the shop's own services (cart, order, payment, shipping,
// receipt, return, refund): every stock move, ledger row, credit bill and report sum is one the
// shop itself made. Each order's story then moves back to its day (demo/backdate.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_LINE_TYPE } from '#/lib/constants.ts';
import { needsTraceCodes } from '#/lib/traceCodes.ts';
import { shopDay, shopDayBounds } from '#/lib/shopClock.ts';
import type { Db } from '#/server/db/client.ts';
import { rows as sqlRows } from '#/server/db/rows.ts';
import {
  accounts,
  cartLines,
  companies,
  goods,
  ledgerEntries,
  orderLines,
  orders,
  pageViews,
  reportRollups,
  staff,
  wallets,
} from '#/server/db/schema/index.ts';
import { addToCart } from '#/server/cart/add.ts';
import { sendAsBuyer } from '#/server/chat/buyer.ts';
import { addFeedback } from '#/server/members/records.ts';
import { addWanted } from '#/server/selfservice/wanted.ts';
import { cancelOrder } from '#/server/orders/cancel.ts';
import { requestCancel } from '#/server/orders/cancelRequest.ts';
import { confirmReceipt } from '#/server/orders/complete.ts';
import { creditCreate, creditPay } from '#/server/orders/credit.ts';
import { payWithBalance } from '#/server/orders/pay.ts';
import { placeOrder } from '#/server/orders/place.ts';
import { applyReturn } from '#/server/orders/returns.ts';
import { shipOrder } from '#/server/fulfilment/ship.ts';
import { nearExpiryCutoff } from '#/server/catalog/listFromModel.ts';
import { recountOrders } from '#/server/reports/tally.ts';
import { receiveReturn } from '#/server/returns/receive.ts';
import { refundReturn } from '#/server/returns/refund.ts';
import { reviewReturn } from '#/server/returns/review.ts';
import type { StaffActor } from '#/server/staff/audit.ts';
import { confirmTransfer } from '#/server/transfers/confirm.ts';
import { startTransfer } from '#/server/transfers/start.ts';
import { createRandom, type Random } from '#/lib/seededRandom.ts';
import type { StaffRole } from '#/lib/staffRoles.ts';
import { fenToYuan } from '#/lib/money.ts';
import { invoiceDueFen } from '#/server/invoices/due.ts';
import { uploadInvoice } from '#/server/invoices/issue.ts';
import { invoiceProfileOf, missingFor } from '#/server/invoices/profile.ts';
import { refundedFen } from '#/server/refunds/refunded.ts';
import { backdateStory, storyTimeColumns } from './backdate.ts';
import { demoInvoicePdf } from './invoicePdf.ts';

/** The demo stores the seed made (seed/members.ts): the approved pharmacy and the chain's stores. */
export interface DemoStores {
  pharmacyCompanyId: number;
  clinicCompanyId: number;
  chainCompanyIds: number[];
  /** pharmacy, clinic, chain */
  accountIds: number[];
}

/** How many days back the history starts. */
export const HISTORY_DAYS = 30;
const INVOICED_AFTER_DAYS = 7;
const DAY_MS = 86_400_000;

type Payment = 'balance' | 'transfer' | 'credit';
/** Where an order's story ends. */
type Ending =
  | 'unpaid'
  | 'cancelled'
  | 'transfer_waiting'
  | 'paid'
  | 'cancel_requested'
  | 'shipped'
  | 'completed'
  | 'return_pending'
  | 'return_refunded';

interface Story {
  daysAgo: number;
  store: { companyId: number; accountId: number };
  payment: Payment;
  ending: Ending;
  /** finance issues its invoice two days after it ships (older orders, and one returned later) */
  invoiced?: boolean;
  /** set as it is played */
  orderId?: number;
  transferId?: number;
}

/**
 * What happens to an order at one time (null: now, as the seed runs): placed (and paid or
 * cancelled), a transfer confirmed by finance, shipped, its invoice issued, received by the
 * store, a line returned, that return reviewed, received and refunded.
 */
type Act = 'place' | 'confirm' | 'ship' | 'invoice' | 'receive' | 'return' | 'settle';
interface Step {
  story: Story;
  act: Act;
  at: Date | null;
}

const CARRIERS = ['顺丰速运', '京东物流', '中通快递', '九州通医药物流'];

/** The demo stores' orders of the last HISTORY_DAYS days, and today's desks. */
function plan(rnd: Random, m: DemoStores): Story[] {
  const [pharmacyAccount, , chainAccount] = m.accountIds as [number, number, number];
  const stores = [
    { companyId: m.pharmacyCompanyId, accountId: pharmacyAccount },
    ...m.chainCompanyIds.map((companyId) => ({ companyId, accountId: chainAccount })),
  ];
  // Credit bills are monthly: a story paid on credit stays inside this month (Beijing time).
  const dayOfMonth = Number(shopDay(new Date()).slice(8, 10));
  const stories: Story[] = [];
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
    const count = rnd.int(1, 4);
    for (let i = 0; i < count; i++) {
      const credit = daysAgo < dayOfMonth && rnd.chance(0.2);
      const ending = daysAgo <= 2 ? 'shipped' : rnd.chance(0.05) ? 'cancelled' : 'completed';
      stories.push({
        daysAgo,
        store: rnd.pick(stores),
        payment: credit ? 'credit' : rnd.chance(0.5) ? 'balance' : 'transfer',
        ending,
        // Finance has caught up with the invoices of the orders older than a week.
        invoiced: ending === 'completed' && daysAgo >= INVOICED_AFTER_DAYS,
      });
    }
  }
  const [pharmacy, guanggu] = stores as [Story['store'], Story['store']];
  const today = (store: Story['store'], payment: Payment, ending: Ending): Story => ({
    daysAgo: 0,
    store,
    payment,
    ending,
  });
  stories.push(
    // invoiced before the goods came back: its invoice waits to be red-lettered (待红冲)
    { daysAgo: 8, store: pharmacy, payment: 'balance', ending: 'return_refunded', invoiced: true },
    { daysAgo: 6, store: guanggu, payment: 'transfer', ending: 'return_refunded' },
    { daysAgo: 4, store: pharmacy, payment: 'balance', ending: 'return_pending' },
    today(pharmacy, 'balance', 'paid'),
    today(guanggu, 'balance', 'paid'),
    today(rnd.pick(stores), 'transfer', 'paid'),
    today(pharmacy, 'balance', 'cancel_requested'),
    today(guanggu, 'transfer', 'transfer_waiting'),
    today(pharmacy, 'balance', 'unpaid'),
  );
  return stories;
}

/** Goods any approved demo store may buy, with plenty in stock. */
async function buyableGoods(db: Db): Promise<{ id: number; pack: number }[]> {
  return db
    .select({ id: goods.id, pack: goods.innerPack })
    .from(goods)
    .where(
      and(
        eq(goods.isBuy, true),
        eq(goods.isControlled, false),
        eq(goods.isEphedrine, false),
        sql`${goods.stock} >= 200`,
        sql`${goods.basePrice} BETWEEN 300 AND 30000`,
        inArray(goods.drugClass, ['otc_a', 'otc_b', 'device', 'herb']),
        // near-expiry lots sell only at their own price, in their zone
        sql`NOT EXISTS (SELECT 1 FROM goods_lots l WHERE l.goods_id = ${goods.id}
              AND l.expires_on < ${nearExpiryCutoff(Date.now())}::date)`,
      ),
    )
    .orderBy(sql`${goods.sales} DESC`, goods.id)
    .limit(400);
}

/** The acting staff member of each role (seed/staff.ts: one login per role). */
async function actors(db: Db): Promise<Record<'warehouse' | 'finance' | 'reviewer', StaffActor>> {
  const rows = await db.select({ id: staff.id, login: staff.login }).from(staff);
  const as = (role: StaffRole): StaffActor => {
    const s = rows.find((r) => r.login === role);
    if (!s) throw new Error(`no demo staff ${role}`);
    return { id: s.id, login: s.login, role, ip: '127.0.0.1' };
  };
  return { warehouse: as('warehouse'), finance: as('finance'), reviewer: as('reviewer') };
}

/** 20-digit 药品追溯码, unique across the history: `n` more at each call. */
type TraceCodes = (n: number) => string[];
function traceCodeMaker(): TraceCodes {
  let serial = 0;
  return (n) => Array.from({ length: n }, () => `8${String(++serial).padStart(19, '0')}`);
}

export async function seedTradeHistory(
  db: Db,
  m: DemoStores,
  log: (msg: string) => void,
): Promise<void> {
  const rnd = createRandom(20261128);
  const staffOf = await actors(db);
  const catalogue = await buyableGoods(db);
  if (catalogue.length < 20) return;
  log(`seeding ${HISTORY_DAYS} days of orders`);
  const columns = await storyTimeColumns(db);
  await openedBefore(db, m, HISTORY_DAYS + 15);
  const stories = plan(rnd, m);
  // Every step of every story in time order, so that each store's ledger, stock and bills change
  // in the order they would have; steps of now last, in the order planned.
  const later = (at: Date | null) => at?.getTime() ?? Number.POSITIVE_INFINITY;
  const steps = stories
    .flatMap((story) => stepsOf(rnd, story))
    .sort((a, b) => later(a.at) - later(b.at));
  const cast = { catalogue, staffOf, traceCodes: traceCodeMaker() };
  let placed = 0;
  for (const step of steps) {
    const since = new Date(Date.now() - 1);
    await playStep(db, rnd, cast, step);
    const orderIds = step.act === 'place' ? [step.story.orderId!] : [];
    await backdateStory(db, columns, { since, to: step.at ?? since, orderIds });
    if (step.act === 'place' && ++placed % 20 === 0)
      log(`history ${placed}/${stories.length} orders`);
  }
  await db.transaction((tx) => recountOrders(tx));
  await seedPageViews(db, rnd);
  await serviceInbox(db, m);
}

/** This morning's questions for customer service: a chat, a wanted goods and a feedback. */
async function serviceInbox(db: Db, m: DemoStores): Promise<void> {
  const [pharmacyAccount, , chainAccount] = m.accountIds as [number, number, number];
  const [pharmacy] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, m.pharmacyCompanyId));
  await sendAsBuyer(
    {
      accountId: pharmacyAccount,
      companyId: m.pharmacyCompanyId,
      username: 'demo',
      companyName: pharmacy!.name,
      isPassed: true,
      isOperator: false,
    },
    'demo-history-chat',
    { kind: 'text', text: '你好，昨天下的订单今天能发货吗？门店急用。' },
  );
  await addWanted(m.chainCompanyIds[0]!, chainAccount, {
    goodsName: '布地奈德混悬液',
    spec: '2ml:1mg*5支',
    manufacturer: '阿斯利康',
    quantity: 50,
    expectedPrice: null,
    phone: '13800000003',
    remarks: '门店近期需求较大，希望尽快到货',
  });
  await addFeedback(pharmacyAccount, {
    content: '希望订单列表可以按商品名称筛选，方便查找以前买过的药。',
    contact: '13800000001',
  });
}

/** The times of a story's steps: shipped the next day, received 1–3 days later, and so on. */
function stepsOf(rnd: Random, story: Story): Step[] {
  const { daysAgo, ending } = story;
  // `days` after the order was placed, in working hours; null when that is today
  const dayAfter = (days: number) => (daysAgo - days > 0 ? workingHour(rnd, daysAgo - days) : null);
  const placedAt = dayAfter(0);
  const steps: Step[] = [{ story, act: 'place', at: placedAt }];
  const add = (act: Act, at: Date | null) => steps.push({ story, act, at });
  if (['unpaid', 'cancelled', 'transfer_waiting'].includes(ending)) return steps;
  // a transfer, if it came to one (placeAndPay), is confirmed by finance within hours
  add('confirm', placedAt && new Date(placedAt.getTime() + rnd.int(20, 150) * 60_000));
  if (['paid', 'cancel_requested'].includes(ending)) return steps;
  const shipped = 1;
  add('ship', dayAfter(shipped));
  if (story.invoiced) add('invoice', dayAfter(shipped + 2));
  if (ending === 'shipped') return steps;
  const received = shipped + rnd.int(1, 3);
  add('receive', dayAfter(received));
  if (ending === 'completed') return steps;
  add('return', dayAfter(received + 1));
  if (ending === 'return_refunded') add('settle', dayAfter(received + 3));
  return steps;
}

/** A time in the shop's working hours (08:30–18:00, Beijing) `daysAgo` days before today. */
function workingHour(rnd: Random, daysAgo: number): Date {
  const { start } = shopDayBounds(shopDay(new Date(Date.now() - daysAgo * DAY_MS)));
  return new Date(start.getTime() + rnd.int(510, 1080) * 60_000 + rnd.int(0, 59_999));
}

/** The stores, their logins and opening balances were there before the history began. */
async function openedBefore(db: Db, m: DemoStores, days: number): Promise<void> {
  const ids = [m.pharmacyCompanyId, m.clinicCompanyId, ...m.chainCompanyIds];
  const back = sql`make_interval(days => ${days})`;
  await db
    .update(companies)
    .set({ createdAt: sql`${companies.createdAt} - ${back}` })
    .where(inArray(companies.id, ids));
  await db
    .update(accounts)
    .set({ createdAt: sql`${accounts.createdAt} - ${back}` })
    .where(inArray(accounts.id, m.accountIds));
  await db
    .update(ledgerEntries)
    .set({ createdAt: sql`${ledgerEntries.createdAt} - ${back}` })
    .where(eq(ledgerEntries.kind, 'opening'));
}

interface Cast {
  catalogue: { id: number; pack: number }[];
  staffOf: Awaited<ReturnType<typeof actors>>;
  traceCodes: TraceCodes;
}

/** One step of an order's story. */
async function playStep(db: Db, rnd: Random, cast: Cast, { story, act, at }: Step): Promise<void> {
  const { companyId } = story.store;
  const orderId = story.orderId!;
  switch (act) {
    case 'place':
      return placeAndPay(db, rnd, cast, story);
    case 'confirm':
      if (story.transferId === undefined) return;
      await confirmTransfer(
        story.transferId!,
        { amountFen: await payableOf(db, orderId), note: '' },
        cast.staffOf.finance,
      );
      return;
    case 'ship':
      return shipAll(db, rnd, cast.staffOf.warehouse, cast.traceCodes, orderId);
    case 'invoice':
      return issueInvoice(db, cast.staffOf.finance, orderId, at ?? new Date());
    case 'receive':
      await confirmReceipt(companyId, orderId);
      return;
    case 'return':
      return returnFirstLine(db, companyId, orderId);
    case 'settle':
      return settleReturn(db, cast.staffOf, orderId);
  }
}

/** The order placed from the cart, then paid (or left unpaid, or cancelled) as the story says. */
async function placeAndPay(db: Db, rnd: Random, { catalogue }: Cast, s: Story): Promise<void> {
  const { companyId, accountId } = s.store;
  const inCart = new Set(
    (
      await db
        .select({ goodsId: cartLines.goodsId })
        .from(cartLines)
        .where(eq(cartLines.companyId, companyId))
    ).map((r) => r.goodsId),
  );
  const chosen = new Map<number, number>();
  const lines = rnd.int(2, 6);
  while (chosen.size < lines) {
    const g = rnd.pick(catalogue);
    if (!inCart.has(g.id)) chosen.set(g.id, Math.max(1, g.pack) * rnd.int(1, 3));
  }
  await addToCart(
    companyId,
    [...chosen].map(([goodsId, quantity]) => ({ goodsId, quantity })),
  );
  const ids = (
    await db
      .select({ id: cartLines.id })
      .from(cartLines)
      .where(
        and(eq(cartLines.companyId, companyId), inArray(cartLines.goodsId, [...chosen.keys()])),
      )
  ).map((r) => r.id);
  const placed = await placeOrder(companyId, accountId, {
    key: `demo-history-${companyId}-${Date.now()}-${rnd.int(0, 1e9)}`,
    ids,
    addressId: null,
    invoiceType: 'normal',
    couponId: null,
    cashVoucherId: null,
    remarks: '',
    expectedFen: null,
  });
  const orderId = placed.order_ids[0]!;
  s.orderId = orderId;
  if (s.ending === 'unpaid') return;
  if (s.ending === 'cancelled') {
    await cancelOrder(companyId, orderId);
    return;
  }
  // A store short of balance or credit pays by transfer, as a real one would.
  if (s.payment !== 'transfer' && !(await covers(db, orderId, s.payment))) s.payment = 'transfer';
  if (s.payment === 'transfer') {
    s.transferId = (await startTransfer(companyId, orderId)).transfer.id;
  } else if (s.payment === 'credit') {
    await creditCreate(companyId, orderId);
    await creditPay(companyId, orderId);
  } else {
    await payWithBalance(companyId, orderId);
  }
  if (s.ending === 'cancel_requested')
    await requestCancel(companyId, orderId, '门店已从其他渠道补货，申请取消');
}

async function payableOf(db: Db, orderId: number): Promise<number> {
  const [o] = await db
    .select({ payable: orders.payableAmount })
    .from(orders)
    .where(eq(orders.id, orderId));
  return o!.payable;
}

async function covers(db: Db, orderId: number, payment: 'balance' | 'credit'): Promise<boolean> {
  const [row] = await db
    .select({
      payable: orders.payableAmount,
      balance: wallets.balance,
      creditLeft: sql<number>`${wallets.creditLimit} - ${wallets.creditUsed}`,
    })
    .from(orders)
    .innerJoin(wallets, eq(wallets.companyId, orders.companyId))
    .where(eq(orders.id, orderId));
  if (!row) return false;
  return (payment === 'balance' ? row.balance : Number(row.creditLeft)) >= row.payable;
}

/** Ships every line from the lots the order reserved (a line reserved on two lots ships as two). */
async function shipAll(
  db: Db,
  rnd: Random,
  warehouse: StaffActor,
  traceCodes: TraceCodes,
  orderId: number,
) {
  const lines = await db
    .select({
      id: orderLines.id,
      number: orderLines.number,
      type: orderLines.type,
      drugClass: goods.drugClass,
    })
    .from(orderLines)
    .leftJoin(goods, eq(goods.id, orderLines.goodsId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
  const reserved = await sqlRows<{ line: number; lot_id: number; number: number }>(
    db,
    sql`SELECT order_line_id AS line, lot_id, sum(number)::int AS number FROM stock_reservations
        WHERE order_id = ${orderId} GROUP BY 1, 2 HAVING sum(number) > 0 ORDER BY 1, 2`,
  );
  const codesFor = (l: (typeof lines)[number], units: number) =>
    // a 满赠 gift is no stock of the shop's and carries no code
    l.type !== ORDER_LINE_TYPE.gift && l.drugClass && needsTraceCodes(l.drugClass)
      ? traceCodes(units)
      : [];
  await shipOrder(warehouse, orderId, {
    carrier: rnd.pick(CARRIERS),
    tracking_no: `YP${rnd.int(10_000_000, 99_999_999)}${rnd.int(1000, 9999)}`,
    lines: lines.flatMap((l) => {
      const lots = reserved.filter((r) => r.line === l.id);
      return lots.length
        ? lots.map((r) => ({
            id: l.id,
            number: r.number,
            lot_id: r.lot_id,
            codes: codesFor(l, r.number),
          }))
        : [{ id: l.id, number: l.number, codes: codesFor(l, l.number) }];
    }),
  });
}

/**
 * Finance uploads the order's invoice for what is left to invoice, dated the day it is issued, with
 * a demo PDF. A store whose 开票信息 is incomplete (the chain's stores have no tax number) has its
 * invoices wait, as the desk marks them.
 */
async function issueInvoice(db: Db, finance: StaffActor, orderId: number, at: Date): Promise<void> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!o || missingFor(o.invoiceType, await invoiceProfileOf(db, o.companyId)).length) return;
  const amount = invoiceDueFen(o.payableAmount, await refundedFen(db, 'order_id', orderId));
  if (amount === 0) return;
  const number = `2642${String(orderId).padStart(16, '0')}`;
  await uploadInvoice(finance, orderId, {
    number,
    issued_on: shopDay(at),
    amount,
    // 13% VAT included in the total
    tax_amount: Math.round((amount * 13) / 113),
    file: demoInvoicePdf([
      'yaopi demo invoice (not a real fapiao)',
      `No. ${number}`,
      `Order ${o.no}`,
      `Total CNY ${fenToYuan(amount)}`,
    ]),
  });
}

/** The store returns its first line's units: 破损 on arrival. */
async function returnFirstLine(db: Db, companyId: number, orderId: number): Promise<void> {
  const [line] = await db
    .select({ id: orderLines.id, number: orderLines.number })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id)
    .limit(1);
  await applyReturn(companyId, orderId, {
    kind: 'return',
    reason: '到货外箱破损，部分药品包装受压变形',
    lines: [{ id: line!.id, number: line!.number }],
    photos: [],
  });
}

/** Staff approve the order's return whole, receive it back into stock and refund it. */
async function settleReturn(db: Db, staffOf: Cast['staffOf'], orderId: number): Promise<void> {
  const [request] = await sqlRows<{ id: number; line_id: number; number: number }>(
    db,
    sql`SELECT r.id, l.id AS line_id, l.number FROM return_requests r
        JOIN return_lines l ON l.return_id = r.id WHERE r.order_id = ${orderId}`,
  );
  const { id, line_id: lineId, number } = request!;
  await reviewReturn(id, { approve: true, lines: [{ id: lineId, number }] }, staffOf.reviewer);
  await receiveReturn(id, [{ id: lineId, received: number, writtenOff: 0 }], staffOf.warehouse);
  await refundReturn(id, staffOf.finance);
}

/** Visits for the reports' traffic chart: more on weekdays, when pharmacies reorder. */
async function seedPageViews(db: Db, rnd: Random): Promise<void> {
  const paths = ['/', '/list', '/search', '/cart', '/list/info', '/yx', '/order'];
  const rows: { path: string; at: Date }[] = [];
  const now = Date.now();
  for (let daysAgo = HISTORY_DAYS; daysAgo >= 1; daysAgo--) {
    const day = shopDay(new Date(now - daysAgo * DAY_MS));
    const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
    const views = rnd.int(weekend ? 60 : 180, weekend ? 140 : 420);
    for (let i = 0; i < views; i++)
      rows.push({ path: rnd.pick(paths), at: workingHour(rnd, daysAgo) });
  }
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(pageViews).values(rows.slice(i, i + 1000));
  // Closed days' views are summed once (reports/tally.ts), after the day the migration marked:
  // these came later, so the next report sums them from the first one on.
  await db
    .update(reportRollups)
    .set({ through: shopDay(new Date(now - (HISTORY_DAYS + 1) * DAY_MS)) })
    .where(eq(reportRollups.name, 'visits'));
}
