// The detail page's buy box as HTML: drawn by the server into the page (goodsDetailHtml.ts) and
// its changing parts redrawn by client/buyBox.ts from the same functions as the buyer types. As a
// React island its server render (renderToString) was a fifth of the CPU of a filled detail page
// (issue 16); the markup and behaviour are the island's.
import { type BuyBoxProps, type BuyBoxView, buyBoxView } from '#/lib/buyBox.ts';
import { attr, jsonAttr, text } from '#/lib/html.ts';
import { formatPrice } from '#/lib/money.ts';
import { ADD_TO_CART, quantityFieldHtml } from '#/lib/quantityField.ts';

export const favoriteLabel = (favorite: boolean) => (favorite ? '★ 已收藏' : '☆ 收藏');

/** Unit price, subtotal, ladder, shipping and 满减 hints: what a new quantity changes above the field. */
export function buyBoxSummaryHtml(p: BuyBoxProps, v: BuyBoxView): string {
  if (v.unitFen === null) return shippingHtml(p, v);
  let out = `<div class="text-sm">当前单价 <span class="text-2xl font-bold text-accent-500" data-testid="unit-price">${formatPrice(v.unitFen)}</span><span class="ml-3 text-gray-500">小计 <span data-testid="subtotal">${formatPrice(v.subtotalFen)}</span></span></div>`;
  if (v.hint.text)
    out += `<p class="rounded bg-orange-50 px-3 py-1 text-sm text-orange-700" data-testid="ladder-hint" data-state="${v.hint.state}">${text(v.hint.text)}</p>`;
  out += shippingHtml(p, v);
  if (p.manjian && v.fullReduction) {
    let tiers = '';
    for (const t of v.fullReduction.tiers)
      tiers += `<span class="ml-2 ${t.status === 1 ? 'font-semibold text-rose-600' : 'text-gray-500'}">满${formatPrice(t.amountFen)}减${formatPrice(t.reduceFen)}${t.status === 1 ? '（已达到）' : `（还差${formatPrice(t.shortByFen)}）`}</span>`;
    out += `<div class="text-sm" data-testid="manjian"><span class="mr-2 rounded bg-rose-700 px-1 text-white">满</span>${text(p.manjian.name)}：${tiers}</div>`;
  }
  return out;
}

function shippingHtml(p: BuyBoxProps, v: BuyBoxView): string {
  if (!v.shipping.eligible) return '';
  const says = v.shipping.reached
    ? '已满足包邮条件'
    : `单品满${p.freeShippingNumber}${p.bzdw}包邮，还差${v.shipping.shortBy}${p.bzdw}`;
  return `<p class="text-sm text-emerald-700" data-testid="shipping-hint">${text(says)}</p>`;
}

/** The units a variant's per-store limit leaves at the normal price, below the field. */
export function variantOverHtml(p: BuyBoxProps, v: BuyBoxView): string {
  if (v.overVariant <= 0) return '';
  return `<p class="text-sm text-amber-700" data-testid="variant-over">${text(`每店限购${p.variantLimit}${p.bzdw}享活动价，超出的${v.overVariant}${p.bzdw}按原价计算`)}</p>`;
}

function buyOrReasonHtml(p: BuyBoxProps, v: BuyBoxView): string {
  if (p.canBuy)
    return `<button type="button" class="rounded bg-brand-600 px-8 py-2 text-white hover:bg-brand-700 disabled:opacity-50"${v.check.ok ? '' : ' disabled'} data-add>${ADD_TO_CART}</button>`;
  const reason = p.loggedIn
    ? text(p.reason ?? '')
    : `<a class="text-brand-700" href="${attr(`/login?redirect=${encodeURIComponent(`/list/info/${p.goodsId}`)}`)}">${text(p.reason ?? '请先登录')}</a>`;
  return `<span class="rounded bg-gray-100 px-4 py-2 text-gray-600" data-testid="buy-reason">${reason}</span>`;
}

/** The whole box at the page's starting quantity; its props ride along for client/buyBox.ts. */
export function buyBoxHtml(p: BuyBoxProps): string {
  const value = String(p.startNumber);
  const v = buyBoxView(p, value);
  const summary = buyBoxSummaryHtml(p, v);
  const over = variantOverHtml(p, v);
  const unit = `${p.bzdw}${v.rules.pack > 1 ? `（按中包装${p.pack}${p.bzdw}的倍数购买）` : ''}${p.limit > 0 ? `，每单限购${p.limit}${p.bzdw}` : ''}`;
  return (
    `<div class="space-y-3" data-testid="buy-box" data-buy-box='${jsonAttr(JSON.stringify(p))}'>` +
    `<div class="space-y-3" data-part="summary"${summary ? '' : ' hidden'}>${summary}</div>` +
    `<div class="flex items-start gap-2"><span class="pt-1.5 text-sm text-gray-600">采购数量</span>${quantityFieldHtml({ size: 'md', label: '采购数量', value, check: v.check, errorId: 'buy-box-qty-error' })}<span class="pt-1.5 text-sm text-gray-500">${text(unit)}</span></div>` +
    `<div data-part="over"${over ? '' : ' hidden'}>${over}</div>` +
    `<div class="flex items-center gap-3">${buyOrReasonHtml(p, v)}<button type="button" class="rounded border border-gray-300 px-4 py-2 text-sm hover:border-brand-500" data-testid="favorite" aria-pressed="${p.isFavorite}">${favoriteLabel(p.isFavorite)}</button></div>` +
    `</div>`
  );
}
