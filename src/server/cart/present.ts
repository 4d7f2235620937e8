// The cart's wire format (SPEC 3: snake_case, pinyin field names, money as "12.30"): the one
// place where cart lines, totals, the cart state and hints leave the server's fen model.
import type { ApiCartGoods, ApiCartLine } from '#/lib/cartLine.ts';
import { CART_LIST_FILTER_DEFAULT } from '#/lib/constants.ts';
import { fenToYuan } from '#/lib/money.ts';
import type { CartTotals } from '#/lib/pricing/totals.ts';
import type { LadderHint } from '#/lib/pricing/ladder.ts';
import type { FreeShippingHint } from '#/lib/pricing/freeShipping.ts';
import type { Added, CartGoods, CartItem, NamedActivity } from './model.ts';

export function presentGoods(g: CartGoods): ApiCartGoods {
  return {
    id: g.id,
    name: g.name,
    sccj: g.manufacturer,
    ypgg: g.spec,
    goods_image: g.images,
    ck_id: '',
    bzdw: g.unit,
    number: g.stock,
    is_buy: g.isBuy,
    base_price: fenToYuan(g.basePriceFen),
    ladder_price: g.ladder.map((t) => ({ number: t.number, price: fenToYuan(t.priceFen) })),
    tags: g.tags,
    inner_pack: g.packMultiple,
    must_multiple: g.mustMultiple,
    purchase_limit: g.limit ?? 0,
    is_free_shipping: g.isFreeShipping,
    free_shipping_number: g.freeShippingNumber,
    is_ephedrine: g.isEphedrine,
  };
}

export function presentLine(l: CartItem): ApiCartLine {
  const line: ApiCartLine = {
    id: l.id,
    goods: presentGoods(l.goods),
    price: fenToYuan(l.unitPriceFen),
    amount: fenToYuan(l.amountFen),
    number: l.quantity,
    is_selected: l.selected ? 1 : 0,
    type: l.type,
    goods_price_id: l.goodsPriceId,
    ladder_price_id: l.ladderPriceId,
    goods_manjian_id: l.manjianId,
    is_yj: l.isYj ? 1 : 0,
    variant_price: l.variantPriceFen === null ? null : fenToYuan(l.variantPriceFen),
    variant_limit: l.variantLimit,
    is_welfare: l.welfare ? 1 : 0,
    gift_data: l.gift,
  };
  if (l.combination) {
    line.combination = {
      id: l.combination.id,
      name: l.combination.name,
      items: l.combination.items.map((i) => ({ goods: presentGoods(i.goods), number: i.number })),
    };
  }
  if (l.reason) line.reason = l.reason;
  if (l.notice) line.notice = l.notice;
  if (l.priceChanged) line.price_changed = true;
  return line;
}

export function presentTotals(t: CartTotals) {
  return {
    selected_count: t.selectedCount,
    selected_quantity: t.selectedQuantity,
    list_amount: fenToYuan(t.listAmountFen),
    goods_amount: fenToYuan(t.goodsAmountFen),
    ladder_saved: fenToYuan(t.discounts.ladderFen),
    full_reduction_amount: fenToYuan(t.discounts.fullReductionFen),
    coupon_amount: fenToYuan(t.discounts.couponFen),
    cash_voucher_amount: fenToYuan(t.discounts.cashVoucherFen),
    discount_amount: fenToYuan(t.discountFen),
    shipping_amount: fenToYuan(t.shippingFen),
    payable_amount: fenToYuan(t.payableFen),
  };
}

export type CartStateModel = {
  lines: CartItem[];
  /** the lines the filter shows */
  shown: CartItem[];
  filters: number;
  totals: CartTotals;
  fullReductions: NamedActivity[];
  otherStores: { id: number; name: string }[];
  /** the welfare rate the totals used, in percent */
  welfarePercent: number;
};

/** GET /api/cart/list (SPEC 3 "Cart state"). */
export function presentCartState(s: CartStateModel) {
  const { totals: t, fullReductions } = s;
  const names = new Map<number | string, string>(fullReductions.map((a) => [a.id, a.name]));
  const counts: Record<string, number> = { [CART_LIST_FILTER_DEFAULT]: s.lines.length };
  for (const l of s.lines) counts[l.type] = (counts[l.type] ?? 0) + 1;
  return {
    action: 'list',
    data: s.shown.map(presentLine),
    shipping_data: {
      shipping_amount: fenToYuan(t.shipping_data.shipping_amount),
      no_trans_order_amount: fenToYuan(t.shipping_data.no_trans_order_amount),
      group_b_goods_amount: fenToYuan(t.shipping_data.group_b_goods_amount),
    },
    activity_data: {
      // every tier of the activities the lines take part in: reached tiers (status 1) first
      manjians: t.fullReductions
        .flatMap((r) =>
          r.tiers.map((x) => ({
            id: r.id,
            name: names.get(r.id) ?? '',
            amount: fenToYuan(x.amountFen),
            reduce: fenToYuan(x.reduceFen),
            status: x.status,
            subtotal: fenToYuan(r.subtotalFen),
          })),
        )
        .sort((a, b) => b.status - a.status),
      // the activities themselves, so the cart page prices with exactly what the server uses
      activities: fullReductions.map((a) => ({
        id: a.id,
        name: names.get(a.id) ?? '',
        scope: a.scope ?? 'lines',
        tiers: a.tiers.map((x) => ({
          amount: fenToYuan(x.amountFen),
          reduce: fenToYuan(x.reduceFen),
        })),
      })),
      // the welfare rate in percent (94 = 94折), so the cart page prices welfare lines alike
      welfare_rate: s.welfarePercent,
    },
    filter_data: { filters: s.filters, counts },
    totals: {
      ...presentTotals(t),
      welfare_amount: fenToYuan(t.discounts.welfareFen),
      gift_total: t.giftTotal,
    },
    other_stores: s.otherStores,
  };
}

export type HintLine = {
  line: CartItem;
  ladder: LadderHint;
  freeShipping: FreeShippingHint;
};

/** POST /api/cart/next_hint. */
export function presentHint(
  t: CartTotals,
  lines: readonly HintLine[],
  activities: readonly NamedActivity[],
) {
  const full_reductions = t.fullReductions.map((r) => ({
    id: r.id,
    name: activities.find((a) => a.id === r.id)?.name ?? '',
    subtotal: fenToYuan(r.subtotalFen),
    applied: r.applied
      ? { amount: fenToYuan(r.applied.amountFen), reduce: fenToYuan(r.applied.reduceFen) }
      : null,
    next: r.next
      ? {
          amount: fenToYuan(r.next.amountFen),
          reduce: fenToYuan(r.next.reduceFen),
          short_amount: fenToYuan(r.next.shortByFen),
        }
      : null,
  }));
  return {
    free_shipping: {
      reached: t.selectedCount > 0 && t.shipping_data.no_trans_order_amount === 0,
      short_amount: fenToYuan(t.shipping_data.no_trans_order_amount),
      shipping_amount: fenToYuan(t.shipping_data.shipping_amount),
    },
    full_reductions,
    manjians: full_reductions.flatMap((r) =>
      r.next
        ? [
            {
              id: r.id,
              amount: r.next.amount,
              reduce: r.next.reduce,
              short_amount: r.next.short_amount,
            },
          ]
        : [],
    ),
    lines: lines.map(({ line, ladder: lh, freeShipping: fs }) => ({
      id: line.id,
      goods_id: line.goods.id,
      ladder:
        lh.state === 'reached'
          ? { state: 'reached' }
          : lh.nextNumber !== undefined
            ? {
                state: lh.state,
                short_by: lh.shortBy,
                next_number: lh.nextNumber,
                next_price: fenToYuan(lh.nextPriceFen ?? 0),
              }
            : { state: 'none' },
      free_shipping: fs.eligible ? { reached: fs.reached, short_by: fs.shortBy } : null,
    })),
  };
}

/** POST /api/cart. */
export function presentAdded(r: { lines: Added[]; total: number }) {
  return {
    lines: r.lines.map((a) =>
      !a.reason
        ? { goods_id: a.goodsId, number: a.quantity }
        : { goods_id: a.goodsId, number: a.quantity, reason: a.reason },
    ),
    total: r.total,
  };
}

/** POST /api/cart/paste. */
export function presentPaste(r: {
  added: (Added & { query: string; name: string })[];
  failed: { query: string; reason: string }[];
  total: number;
}) {
  return {
    added: r.added.map((a) =>
      a.reason
        ? {
            query: a.query,
            goods_id: a.goodsId,
            name: a.name,
            number: a.quantity,
            reason: a.reason,
          }
        : { query: a.query, goods_id: a.goodsId, name: a.name, number: a.quantity },
    ),
    failed: r.failed,
    total: r.total,
  };
}
