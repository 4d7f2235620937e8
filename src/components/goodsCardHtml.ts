// The markup of the goods lists' cards and table rows, built as strings (GoodsGrid.astro,
// GoodsTable.astro put them in with set:html) like the header's category menus
// (lib/categoryMenuHtml.ts). As Astro components a list page rendered ~100 of them (card, price,
// tags, hidden price, buy control per goods): each an async render with its own result object,
// and together most of the page's render time. The markup is the components' own, unchanged; the
// buy controls are still driven by client/buyControls.ts (BuyControls.astro loads it).
import type { GoodsCardOut } from '#/server/catalog/present.ts';
import { attr, jsonAttr, text } from '#/lib/html.ts';
import { type BuyGoods, buyingRules, checkQuantity } from '#/lib/pricing/quantity.ts';
import type { BuyData } from '#/client/buyControls.ts';
import { ADD_TO_CART, quantityFieldHtml } from '#/lib/quantityField.ts';
import { tagColor } from '#/lib/tags.ts';
import { cartLine, detailHref } from './goodsLink.ts';

type Card = GoodsCardOut & { goods_manjian_id?: number };

/** Goods tags in their colours (lib/tags.ts); also components/Tags.astro. */
export function tagsHtml(tags: readonly string[]): string {
  let out = '';
  for (const t of tags)
    out += `<span class="mr-1 inline-block rounded border px-1 text-xs leading-4 ${attr(tagColor(t).className)}" data-tag="${attr(t)}">${text(t)}</span>`;
  return out;
}

/**
 * What a reader who may not see prices gets in a price's place (lib/priceVisibility): the reason,
 * linked to the step that unlocks prices; also components/HiddenPrice.astro.
 */
export function hiddenPriceHtml(
  reason: string,
  href: string,
  className = 'text-sm',
  testId: 'price-hidden' | 'documents-hidden' = 'price-hidden',
): string {
  const cls = `${className} text-accent-500 underline-offset-2 hover:underline`.trim();
  return `<a href="${attr(href)}" class="${attr(cls)}" data-testid="${testId}">${text(reason)}</a>`;
}

/** A card's price: the context price (and the crossed base price when lower), or why it is hidden. */
function priceTagHtml(card: Card, override?: string | null): string {
  if (card.price_text) return hiddenPriceHtml(card.price_text, card.price_url ?? '/login');
  const price = override ?? card.price;
  const base =
    price !== card.base_price
      ? `<s class="ml-1 text-xs text-gray-400">¥${text(card.base_price ?? '')}</s>`
      : '';
  return `<span class="text-accent-500" data-testid="price"><span class="text-base font-semibold">¥${text(price ?? '')}</span>${base}</span>`;
}

/**
 * 数量 and 加入购物车 of a card or table row as plain HTML: client/buyControls.ts gives every control
 * of the page its behaviour by delegation. The field looks and checks exactly as the React quantity
 * field does (lib/quantityField, lib/pricing/quantity).
 */
function buyControlHtml(card: Card, welfare: boolean, compact: boolean): string {
  const stock = card.number;
  const goods: BuyGoods = {
    stock,
    pack: card.zbz,
    mustMultiple: card.must_multiple,
    limit: card.purchase_limit,
    unit: card.bzdw,
  };
  const rules = buyingRules(goods);
  const value = String(rules.pack);
  const check = checkQuantity(value, rules);
  const add = compact ? 'px-2 py-0.5 text-xs' : 'px-3 py-1 text-sm';
  // The script derives the rules from the goods as this does (their reasons are most of their bytes).
  const data = JSON.stringify({ line: cartLine(card, welfare), goods } satisfies BuyData);
  return `<div class="flex items-start gap-1" data-testid="add-to-cart" data-buy='${jsonAttr(data)}'>${quantityFieldHtml({ size: 'sm', label: `购买数量（${card.bzdw}）`, value, check })}<button type="button" class="${add} ml-1 whitespace-nowrap rounded bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-50"${stock < 1 || !check.ok ? ' disabled' : ''} data-add>${ADD_TO_CART}</button></div>`;
}

interface CardOptions {
  /** the large picture (the grid; not the no-image view) */
  image: boolean;
  /** a price shown instead of the card's own (a zone's price) */
  priceOverride?: string | null | undefined;
  /** added to the cart as a welfare-zone line where the goods is in that zone */
  welfare: boolean;
}

/** A grid card of the goods lists and zones. */
export function goodsCardHtml(card: Card, o: CardOptions): string {
  const href = attr(detailHref(card));
  const picture = o.image
    ? `<a href="${href}" class="mb-2 block aspect-square bg-gray-50"><img src="${attr(card.goods_image[0] ?? '/images/goods/general-1.svg')}" alt="${attr(card.name)}" loading="lazy" width="200" height="200" class="h-full w-full object-contain"></a>`
    : '';
  const tradeName = card.trade_name ? text(`（${card.trade_name}）`) : '';
  const expiry = card.expires_on ? text(` · 效期 ${card.expires_on}`) : '';
  const buy = card.is_buy
    ? buyControlHtml(card, o.welfare, false)
    : `<p class="text-xs text-gray-500" data-testid="goods-reason">${card.reason === '请先登录' ? '<a href="/login" class="text-brand-700">登录后购买</a>' : text(card.reason ?? '')}</p>`;
  return `<article class="flex flex-col border border-gray-200 bg-white p-3 hover:shadow" data-testid="goods-card" data-goods-id="${card.id}">${picture}${priceTagHtml(card, o.priceOverride)}<a href="${href}" class="mt-1 line-clamp-2 font-medium hover:text-brand-600" data-testid="goods-name">${tagsHtml(card.tags)}${text(card.name)}${tradeName}</a><p class="text-xs text-gray-500">${text(card.ypgg)} · ${text(card.bzdw)}</p><p class="truncate text-xs text-gray-500">${text(card.sccj)}</p><p class="text-xs text-gray-400">库存 ${card.number > 0 ? card.number : '缺货'}${expiry}</p><div class="mt-auto pt-2">${buy}</div></article>`;
}

/** A row of the dense table for fast reordering: quantity input and add per row. */
export function goodsRowHtml(c: Card): string {
  const buy = c.is_buy
    ? buyControlHtml(c, false, true)
    : `<span class="text-xs text-gray-500">${text(c.reason ?? '')}</span>`;
  return `<tr class="border-t border-gray-100 hover:bg-brand-50" data-testid="goods-row" data-goods-id="${c.id}"><td class="p-2">${tagsHtml(c.tags)}<a href="${attr(detailHref(c))}" class="hover:text-brand-600">${text(c.name)}</a></td><td class="p-2">${text(c.ypgg)}</td><td class="max-w-48 truncate p-2" title="${attr(c.sccj)}">${text(c.sccj)}</td><td class="p-2">${text(c.expires_on ?? '-')}</td><td class="p-2">${c.zbz}/${c.jzl}${text(c.bzdw)}</td><td class="p-2">${c.number}</td><td class="p-2">${priceTagHtml(c)}</td><td class="p-2">${buy}</td></tr>`;
}

export interface GridOptions {
  /** the large pictures (default); false for the no-image view */
  image?: boolean;
  cols?: 4 | 5;
  /** a zone's price in place of each card's own */
  priceOf?: (c: GoodsCardOut) => string | null;
  /** what an empty list says */
  empty?: string;
  welfare?: boolean;
}

const NO_GOODS = '暂无符合条件的商品';
const emptyHtml = (message: string) =>
  `<p class="py-16 text-center text-gray-500" data-testid="empty">${text(message)}</p>`;

/** The goods grid of a list or zone (GoodsGrid.astro), or what it says when empty. */
export function goodsGridHtml(cards: readonly Card[], o: GridOptions = {}): string {
  if (cards.length === 0) return emptyHtml(o.empty ?? NO_GOODS);
  const { priceOf } = o;
  const options: CardOptions = { image: o.image ?? true, welfare: o.welfare ?? false };
  let html = '';
  for (const c of cards) {
    if (priceOf) options.priceOverride = priceOf(c);
    html += goodsCardHtml(c, options);
  }
  return `<div class="grid gap-3 ${o.cols === 4 ? 'grid-cols-4' : 'grid-cols-5'}" data-testid="goods-grid">${html}</div>`;
}

/** The dense table of a list (GoodsTable.astro), or what it says when empty. */
export function goodsTableHtml(cards: readonly Card[]): string {
  if (cards.length === 0) return emptyHtml(NO_GOODS);
  return `<table class="w-full border-collapse bg-white text-sm" data-testid="goods-table"><thead class="bg-gray-50 text-left text-gray-600"><tr><th class="p-2">商品名称</th><th class="p-2">规格</th><th class="p-2">生产厂家</th><th class="p-2">效期</th><th class="p-2">中包装/件装</th><th class="p-2">库存</th><th class="p-2">价格</th><th class="p-2">采购</th></tr></thead><tbody>${cards.map(goodsRowHtml).join('')}</tbody></table>`;
}

/** Whether a list's cards have buy controls, whose script (BuyControls.astro) the page then loads. */
export const hasBuyControls = (cards: readonly GoodsCardOut[]): boolean =>
  cards.some((c) => c.is_buy);
