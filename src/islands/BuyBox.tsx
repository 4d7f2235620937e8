import { useState } from 'react';
import { freeShippingHint } from '#/lib/pricing/freeShipping.ts';
import { fullReductionTiers } from '#/lib/pricing/fullReduction.ts';
import { ladderHint, ladderUnitPrice } from '#/lib/pricing/ladder.ts';
import { snapQuantity } from '#/lib/pricing/quantity.ts';
import type { LadderTier } from '#/lib/pricing/types.ts';
import { formatPrice, mulFen } from '#/lib/money.ts';
import type { CartParam } from '#/client/catalog.ts';
import { toast } from '#/stores/notice.ts';

// The API client (ky, qs) loads on the first action, not with the page.
const actions = () => import('#/client/catalog.ts');

export interface BuyBoxProps {
  goodsId: number;
  bzdw: string;
  /** null for visitors: no prices, no buying */
  basePriceFen: number | null;
  /** a price variant's fixed unit price (goods_price_id); the ladder does not apply */
  variantPriceFen: number | null;
  ladder: (LadderTier & { id: number })[];
  stock: number;
  pack: number;
  mustMultiple: boolean;
  limit: number;
  startNumber: number;
  isFreeShipping: boolean;
  freeShippingNumber: number;
  manjian: { name: string; tiers: { amountFen: number; reduceFen: number }[] } | null;
  line: Omit<CartParam, 'number' | 'price' | 'ladder_price_id'>;
  canBuy: boolean;
  reason: string | null;
  isFavorite: boolean;
  loggedIn: boolean;
}

/** The detail page's buy box: quantity, price and hints recomputed by lib/pricing as it changes. */
export default function BuyBox(p: BuyBoxProps) {
  const goods = {
    stock: p.stock,
    packMultiple: p.pack,
    mustMultiple: p.mustMultiple,
    limit: p.limit,
  };
  const [qtyText, setQtyText] = useState(String(p.startNumber));
  const [busy, setBusy] = useState(false);
  const [fav, setFav] = useState(p.isFavorite);
  const qty = Math.max(0, Math.floor(Number(qtyText) || 0));
  const step = p.mustMultiple && p.pack > 1 ? p.pack : 1;
  const ladderGoods = { ladder: p.variantPriceFen === null ? p.ladder : [] };

  const commit = (raw: number) => {
    const snapped = snapQuantity(goods, raw);
    if (snapped.reason && raw !== snapped.quantity) toast(snapped.reason);
    setQtyText(String(snapped.quantity));
    return snapped.quantity;
  };

  const unitFen =
    p.basePriceFen === null
      ? null
      : (p.variantPriceFen ??
        ladderUnitPrice({ basePriceFen: p.basePriceFen, ladder: p.ladder }, qty));
  const subtotalFen = unitFen === null ? 0 : mulFen(unitFen, qty);
  const hint = ladderHint(ladderGoods, qty);
  const ship = freeShippingHint(
    { isFreeShipping: p.isFreeShipping, freeShippingNumber: p.freeShippingNumber },
    qty,
  );
  const mj = p.manjian ? fullReductionTiers(p.manjian.tiers, subtotalFen) : null;
  const money = (fen: number) => formatPrice(fen);

  let hintText = '';
  let hintState = 'none';
  if (hint.state === 'reached') {
    hintState = 'reached';
    hintText = `已达到最高阶梯：满${hint.reachedNumber}${p.bzdw}，单价 ${money(hint.reachedPriceFen)}`;
  } else if (hint.state === 'next') {
    hintState = 'next';
    hintText = `已享满${hint.reachedNumber}${p.bzdw}价 ${money(hint.reachedPriceFen)}，再买${hint.shortBy}${p.bzdw}享下一档 ${money(hint.nextPriceFen)}`;
  } else if (hint.nextNumber !== undefined) {
    hintState = 'not_reached';
    hintText = `未达到阶梯价：满${hint.nextNumber}${p.bzdw}享 ${money(hint.nextPriceFen!)}，还差${hint.shortBy}${p.bzdw}`;
  }

  const add = async () => {
    const n = commit(qty);
    if (n < 1 || unitFen === null) return;
    setBusy(true);
    const tier =
      p.variantPriceFen === null ? [...p.ladder].reverse().find((t) => t.number <= n) : undefined;
    const unit =
      p.variantPriceFen ?? ladderUnitPrice({ basePriceFen: p.basePriceFen!, ladder: p.ladder }, n);
    await (await actions()).addToCart([
      { ...p.line, number: n, price: (unit / 100).toFixed(2), ladder_price_id: tier?.id ?? null },
    ]);
    setBusy(false);
  };
  const toggleFav = async () => {
    if (fav) {
      if (await (await actions()).cancelFavorite([p.goodsId])) setFav(false);
    } else if (await (await actions()).addFavorite([p.goodsId])) setFav(true);
  };

  return (
    <div className="space-y-3" data-testid="buy-box">
      {unitFen !== null && (
        <div className="text-sm">
          当前单价{' '}
          <span className="text-2xl font-bold text-accent-500" data-testid="unit-price">
            {money(unitFen)}
          </span>
          <span className="ml-3 text-gray-500">
            小计 <span data-testid="subtotal">{money(subtotalFen)}</span>
          </span>
        </div>
      )}
      {unitFen !== null && hintText && (
        <p
          className="rounded bg-orange-50 px-3 py-1 text-sm text-orange-700"
          data-testid="ladder-hint"
          data-state={hintState}
        >
          {hintText}
        </p>
      )}
      {ship.eligible && (
        <p className="text-sm text-emerald-700" data-testid="shipping-hint">
          {ship.reached
            ? '已满足包邮条件'
            : `单品满${p.freeShippingNumber}${p.bzdw}包邮，还差${ship.shortBy}${p.bzdw}`}
        </p>
      )}
      {mj && unitFen !== null && (
        <div className="text-sm" data-testid="manjian">
          <span className="mr-2 rounded bg-rose-700 px-1 text-white">满</span>
          {p.manjian!.name}：
          {mj.tiers.map((t) => (
            <span
              key={t.amountFen}
              className={`ml-2 ${t.status === 1 ? 'font-semibold text-rose-600' : 'text-gray-500'}`}
            >
              满{money(t.amountFen)}减{money(t.reduceFen)}
              {t.status === 1 ? '（已达到）' : `（还差${money(t.shortByFen)}）`}
            </span>
          ))}
        </div>
      )}
      <div className="flex items-center gap-2">
        <span className="text-sm text-gray-600">采购数量</span>
        <button
          type="button"
          className="h-8 w-8 border border-gray-300"
          aria-label="减少"
          onClick={() => commit(Math.max(step, qty - step))}
        >
          -
        </button>
        <input
          className="h-8 w-20 border border-gray-300 text-center"
          inputMode="numeric"
          aria-label="采购数量"
          value={qtyText}
          onChange={(e) => setQtyText(e.target.value.replace(/[^\d]/g, ''))}
          onBlur={() => commit(qty)}
        />
        <button
          type="button"
          className="h-8 w-8 border border-gray-300"
          aria-label="增加"
          onClick={() => commit(qty + step)}
        >
          +
        </button>
        <span className="text-sm text-gray-500">
          {p.bzdw}
          {p.mustMultiple && p.pack > 1 ? `（按中包装${p.pack}${p.bzdw}的倍数购买）` : ''}
        </span>
      </div>
      <div className="flex items-center gap-3">
        {p.canBuy ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void add()}
            className="rounded bg-brand-600 px-8 py-2 text-white hover:bg-brand-700 disabled:opacity-50"
          >
            {busy ? '加入中…' : '加入购物车'}
          </button>
        ) : (
          <span className="rounded bg-gray-100 px-4 py-2 text-gray-600" data-testid="buy-reason">
            {p.loggedIn ? (
              p.reason
            ) : (
              <a
                className="text-brand-700"
                href={`/login?redirect=${encodeURIComponent(`/list/info/${p.goodsId}`)}`}
              >
                {p.reason ?? '请先登录'}
              </a>
            )}
          </span>
        )}
        <button
          type="button"
          onClick={() => void toggleFav()}
          className="rounded border border-gray-300 px-4 py-2 text-sm hover:border-brand-500"
          data-testid="favorite"
        >
          {fav ? '★ 已收藏' : '☆ 收藏'}
        </button>
      </div>
    </div>
  );
}
