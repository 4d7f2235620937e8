// The goods detail page's content (everything inside the page frame), built as a string like the
// lists' cards (goodsCardHtml.ts): the page puts it in a marked region (lib/pageRegions.ts), and
// another goods' page is this string filled into the first page's shared copy
// (server/filledPages.ts). The buy box is plain HTML with its own script (buyBoxHtml.ts); the
// countdown is a React island hosted by <yp-island> (islandHtml.ts), which a string can hold;
// Astro's islands need an Astro render.
import { DEFAULT_FREE_SHIPPING_THRESHOLD_FEN } from '#/lib/constants.ts';
import { attr, text } from '#/lib/html.ts';
import { fenToYuan } from '#/lib/money.ts';
import { countdownEnd } from '#/lib/shopClock.ts';
import type { DetailPageModel } from '#/server/catalog/detailPage.ts';
import { PRICE_KIND_LABELS } from '#/server/catalog/present.ts';
import type { DetailDocuments } from '#/server/gsp/detailBox.ts';
import type { HiddenPrice } from '#/lib/priceVisibility.ts';
import { hiddenPriceHtml, tagsHtml } from './goodsCardHtml.ts';
import { islandHtml } from './islandHtml.ts';
import { buyBoxHtml } from './buyBoxHtml.ts';
import type { BuyBoxProps } from '#/lib/buyBox.ts';

/** The page's <title> text (before lib/routes.pageTitle). */
export const detailTitle = (m: DetailPageModel) => m.view.name;

/** The page's content for the goods of `m`. */
export function goodsDetailHtml(m: DetailPageModel): string {
  const d = m.view;
  return (
    `<section class="container-shop py-4" data-testid="goods-detail" data-goods-id="${d.id}">` +
    `<nav class="mb-3 text-sm text-gray-500"><a href="/list" class="hover:text-brand-600">商品列表</a> / <a href="/list?select=${d.category.id}" class="hover:text-brand-600">${text(d.category.name)}</a> / ${text(d.name)}</nav>` +
    `<div class="flex gap-6 bg-white p-4">${imagesHtml(d)}` +
    `<div class="min-w-0 flex-1 space-y-3">${headingHtml(m)}${offersHtml(d)}${priceHtml(d)}${promotionsHtml(d)}` +
    buyBoxHtml(buyBoxProps(m)) +
    `<p class="text-sm"><a class="inline-block py-1 text-brand-700 hover:underline" href="${attr(`/list/other/${d.id}/${encodeURIComponent(d.name)}`)}">查看其他厂家的${text(d.name)}</a></p>` +
    `</div></div>` +
    `<div class="mt-4 grid grid-cols-2 gap-4">${factsHtml(d)}${lotsHtml(d)}</div>` +
    documentsHtml(m.documents, m.documentsHidden) +
    `</section>`
  );
}

type View = DetailPageModel['view'];

function imagesHtml(d: View): string {
  const thumbs = d.goods_image
    .map(
      (src) =>
        `<img src="${attr(src)}" alt="" width="56" height="56" class="h-14 w-14 border border-gray-200">`,
    )
    .join('');
  return (
    `<div class="w-80 shrink-0"><img src="${attr(d.goods_image[0] ?? '/images/goods/general-1.svg')}" alt="${attr(d.name)}" width="320" height="320" class="aspect-square w-full border border-gray-200 object-contain">` +
    `<div class="mt-2 flex gap-2">${thumbs}</div></div>`
  );
}

function headingHtml(m: DetailPageModel): string {
  const d = m.view;
  let out = `<h1 class="text-xl font-bold">${tagsHtml(d.tags)}${text(d.name)}${d.trade_name ? `（${text(d.trade_name)}）` : ''}</h1>`;
  if (!d.price_kind) return out;
  const end = d.ends_at ? countdownEnd(d.price_kind, new Date(d.ends_at), m.now) : null;
  out += `<p class="flex items-center gap-3 text-sm"><span class="rounded bg-red-600 px-2 text-white" data-testid="variant">${text(PRICE_KIND_LABELS[d.price_kind])}${d.user_limit ? text(`，每店限购${d.user_limit}${d.bzdw}`) : ''}</span>`;
  if (end)
    out += `<span class="text-red-700">${islandHtml('Countdown', { serverNow: m.now.toISOString(), endsAt: end.toISOString(), label: '距结束' }, 'cd')}</span>`;
  return `${out}</p>`;
}

/** The goods' other running promotions, each linked to the page that sells it at its price. */
function offersHtml(d: View): string {
  const others = d.offers.filter((o) => o.goods_price_id !== d.goods_price_id);
  if (others.length === 0) return '';
  const items = others.map((o) => {
    let label = text(o.label);
    if (o.price) label += ` ¥${text(o.price)}`;
    if (o.batch_no) label += text(`（批号 ${o.batch_no}，有效期至 ${o.expires_on}）`);
    if (o.user_limit !== null) label += text(`，每店限购${o.user_limit}${d.bzdw}`);
    return `<li><a href="${attr(o.href)}" class="text-red-700 hover:underline" data-testid="offer-link">${label}<span class="ml-1">去看看 ›</span></a></li>`;
  });
  return `<ul class="space-y-1 rounded border border-red-100 bg-red-50 p-2 text-sm" data-testid="offers">${items.join('')}</ul>`;
}

function priceHtml(d: View): string {
  if (d.price_text)
    return `<div class="bg-gray-50 p-3 text-sm"><p>${hiddenPriceHtml(d.price_text, d.price_url ?? '/login', 'text-lg')}</p></div>`;
  let out = `<p>${text(d.price_kind ? PRICE_KIND_LABELS[d.price_kind] : '会员价')} <span class="text-2xl font-bold text-accent-500">¥${text(d.price ?? '')}</span>`;
  if (d.price !== d.base_price)
    out += `<s class="ml-2 text-gray-400">¥${text(d.base_price ?? '')}</s>`;
  out += '</p>';
  if (d.ladder_price.length > 0) {
    const numbers = d.ladder_price.map((l) => `<td class="pr-4">满${l.number}${text(d.bzdw)}</td>`);
    const prices = d.ladder_price.map(
      (l) => `<td class="pr-4 text-accent-500">¥${text(l.price ?? '')}</td>`,
    );
    out +=
      `<table class="mt-2 text-sm" data-testid="ladder-table"><tr><th class="pr-4 text-left font-normal text-gray-500">阶梯价</th>${numbers.join('')}</tr>` +
      `<tr><th></th> ${prices.join('')}</tr></table>`;
  }
  out += `<p class="mt-1 text-gray-500">订单满 ¥${fenToYuan(DEFAULT_FREE_SHIPPING_THRESHOLD_FEN)} 包邮</p>`;
  return `<div class="bg-gray-50 p-3 text-sm">${out}</div>`;
}

/** 满减, the lots a line receives, 赠品. */
function promotionsHtml(d: View): string {
  let out = '';
  if (d.manjian) {
    const tiers = d.manjian.tiers.map((t) => `满${t.amount}元减${t.reduce}元`).join('，');
    out += `<p class="text-sm" data-testid="manjian-link"><span class="mr-1 rounded bg-rose-700 px-1 text-white">满</span><a href="/list?manjian=${d.manjian.id}" class="text-rose-700 hover:underline">${text(`${d.manjian.name}：${tiers}，查看活动商品 ›`)}</a></p>`;
  }
  if (d.expiry_range) {
    const which =
      d.price_kind === 'near_expiry' ? '发所示近效期批次' : '先到期先发，不含近效期特价批次';
    out += `<p class="text-sm" data-testid="expiry-range">效期至 ${text(d.expiry_range)}<span class="ml-2 text-gray-500">${which}</span></p>`;
  }
  if (d.gifts.length > 0) {
    const gifts = d.gifts
      .map(
        (g) =>
          `每买${g.buy_number}${d.bzdw}赠${g.name}×${g.gift_number}${g.max_total ? `（最多${g.max_total}份）` : ''}`,
      )
      .join('；');
    out += `<p class="text-sm" data-testid="gifts"><span class="mr-1 rounded bg-emerald-700 px-1 text-white">赠</span>${text(gifts)}</p>`;
  }
  return out;
}

/** The buy box prices in fen what the page shows in yuan; readers who may not see prices get none. */
function buyBoxProps(m: DetailPageModel): BuyBoxProps {
  const d = m.view;
  const { card, fullReduction } = m.detail;
  const shownFen = (fen: number) => (card.hiddenPrice ? null : fen);
  return {
    goodsId: d.id,
    bzdw: d.bzdw,
    basePriceFen: shownFen(card.basePrice),
    variantPriceFen: card.variant ? shownFen(card.unitPrice) : null,
    ladder: card.ladders.map((l) => ({
      id: l.id,
      number: l.minNumber,
      priceFen: shownFen(l.price) ?? 0,
    })),
    stock: d.number,
    pack: d.zbz,
    mustMultiple: d.must_multiple,
    limit: d.purchase_limit,
    variantLimit: d.user_limit,
    startNumber: d.start_number,
    isFreeShipping: d.is_free_shipping,
    freeShippingNumber: d.free_shipping_number,
    manjian: fullReduction
      ? {
          name: fullReduction.name,
          tiers: fullReduction.tiers.map((t) => ({ amountFen: t.amount, reduceFen: t.reduce })),
        }
      : null,
    line: {
      goods_id: d.id,
      ck_id: d.ck_id,
      goods_price_id: d.goods_price_id,
      goods_manjian_id: d.manjian?.id ?? null,
      is_yj: d.is_yj,
      ...(d.price_kind === 'flash' ? { type: 1 } : {}),
    },
    canBuy: d.is_buy,
    reason: d.reason,
    isFavorite: m.favorite,
    loggedIn: m.loggedIn,
  };
}

function factsHtml(d: View): string {
  const rows: [string, string][] = [
    ['通用名', d.name],
    ['商品名', d.trade_name || '-'],
    ['规格', d.ypgg],
    ['生产厂家', d.sccj],
    ['批准文号', d.approval_no || '-'],
    ['药品分类', d.drug_class_label],
    ['所属分类', [d.category.parent, d.category.name].filter(Boolean).join(' / ')],
    ['包装单位', d.bzdw],
    ['中包装 / 件装量', `${d.zbz}${d.bzdw} / ${d.jzl}${d.bzdw}`],
    ['库存', d.number > 0 ? `${d.number}${d.bzdw}` : '缺货'],
    ['批号', d.batch_no ?? '-'],
    ['有效期至', d.expiry_range ?? '-'],
  ];
  const trs = rows.map(
    ([k, v]) =>
      `<tr class="border-b border-gray-100"><th class="w-32 bg-gray-50 p-2 text-left font-normal text-gray-500">${k}</th><td class="p-2">${text(v)}</td></tr>`,
  );
  return `<table class="bg-white text-sm" data-testid="goods-facts">${trs.join('')}</table>`;
}

function lotsHtml(d: View): string {
  const lots = d.lots.map(
    (l) =>
      `<tr><td>${text(l.batch_no)}</td><td>${text(l.produced_on)}</td><td${l.near_expiry ? ' class="text-rose-600"' : ''}>${text(l.expires_on)}${l.near_expiry ? '（近效期）' : ''}</td><td>${l.stock}</td></tr>`,
  );
  let out =
    `<div class="bg-white p-3 text-sm"><h2 class="mb-2 font-semibold">库存批次</h2>` +
    `<table class="w-full" data-testid="lots"><tr class="text-left text-gray-500"><th>批号</th><th>生产日期</th><th>有效期至</th><th>库存</th></tr>${lots.join('')}</table>`;
  if (d.combinations.length > 0) {
    out += `<h2 class="mb-1 mt-3 font-semibold">组合购</h2>`;
    for (const c of d.combinations) {
      const items = c.items.map((i) => `${i.name}×${i.number}`).join(' + ');
      out += `<p><a href="/zhzq#combo-${c.id}" class="text-brand-700">${text(c.name)}</a>：${text(items)}${c.pack_price ? text(` 组合价 ¥${c.pack_price}`) : ''}</p>`;
    }
  }
  return `${out}</div>`;
}

/** 首营资料与药检报告: the goods' documents and the test reports of its lots on sale. */
function documentsHtml(box: DetailDocuments | null, hidden: HiddenPrice | null): string {
  let out = `<section class="mt-4 bg-white p-3 text-sm" aria-labelledby="gsp-h" data-testid="goods-documents"><h2 id="gsp-h" class="mb-2 font-semibold">首营资料与药检报告</h2>`;
  if (box?.held)
    out += `<p class="mb-2 text-red-700" data-testid="gsp-held">该商品首营资料正在更新，暂停销售。</p>`;
  if (!box)
    return `${out}<p>${hiddenPriceHtml(hidden?.text ?? '', hidden?.href ?? '/login', 'text-sm', 'documents-hidden')}</p></section>`;
  const { view } = box;
  const docs =
    view.documents.length === 0
      ? `<p class="text-gray-500">暂未上传，可联系专属客服索取。</p>`
      : `<ul class="space-y-1">${view.documents
          .map((doc) => {
            const until = doc.valid_until
              ? `有效期至 ${doc.valid_until}${doc.expired ? '（已过期）' : ''}`
              : '长期有效';
            return `<li data-kind="${attr(doc.kind)}"><a href="${attr(doc.url)}" class="text-brand-700 hover:underline">${text(doc.kind_name)}</a><span class="ml-2 text-xs ${doc.expired ? 'text-red-600' : 'text-gray-500'}">${text(until)}</span></li>`;
          })
          .join('')}</ul>`;
  const lots =
    view.lots.length === 0
      ? `<p class="text-gray-500">暂无在售批号。</p>`
      : `<ul class="space-y-1">${view.lots
          .map(
            (l) =>
              `<li data-lot="${l.lot_id}">批号 <span class="font-mono">${text(l.batch_no)}</span>（有效期至 ${text(l.expires_on)}）` +
              (l.report
                ? `<a href="${attr(l.report.url)}" class="ml-2 text-brand-700 hover:underline">药检报告</a>`
                : `<span class="ml-2 text-gray-400">报告待上传</span>`) +
              `</li>`,
          )
          .join('')}</ul>`;
  return `${out}<div class="grid grid-cols-2 gap-4"><div><h3 class="mb-1 text-gray-500">首营资料</h3>${docs}</div><div><h3 class="mb-1 text-gray-500">在售批号药检报告</h3>${lots}</div></div></section>`;
}
