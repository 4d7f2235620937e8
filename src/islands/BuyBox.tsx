import { useState } from 'react';
import { freeShippingHint } from '#/lib/pricing/freeShipping.ts';
import { fullReductionTiers } from '#/lib/pricing/fullReduction.ts';
import { ladderHint, ladderUnitPrice } from '#/lib/pricing/ladder.ts';
import { buyingRules, checkQuantity } from '#/lib/pricing/quantity.ts';
import type { LadderTier } from '#/lib/pricing/types.ts';
import { formatPrice, mulFen } from '#/lib/money.ts';
import type { CartParam } from '#/client/catalog.ts';
import QuantityInput from './shared/QuantityInput.tsx';

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
  /** per-order limit (0 = none) */
  limit: number;
  /** units per store at the variant price; more are charged the normal price */
  variantLimit: number | null;
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
  const rules = buyingRules({
    stock: p.stock,
    pack: p.pack,
    mustMultiple: p.mustMultiple,
    limit: p.limit,
    unit: p.bzdw,
  });
  const [qtyText, setQtyText] = useState(String(p.startNumber));
  const [busy, setBusy] = useState(false);
  const [fav, setFav] = useState(p.isFavorite);
  const check = checkQuantity(qtyText, rules);
  // Prices and hints follow the quantity shown; none while it is refused.
  const qty = check.ok ? check.value : 0;
  const ladderGoods = { ladder: p.variantPriceFen === null ? p.ladder : [] };
  const overVariant =
    p.variantPriceFen !== null && p.variantLimit !== null ? Math.max(0, qty - p.variantLimit) : 0;

  const unitFen =
    p.basePriceFen === null
      ? null
      : (p.variantPriceFen ??
        ladderUnitPrice({ basePriceFen: p.basePriceFen, ladder: p.ladder }, qty));
  const subtotalFen =
    unitFen === null
      ? 0
      : mulFen(unitFen, qty - overVariant) +
        (overVariant > 0 && p.basePriceFen !== null
          ? mulFen(
              ladderUnitPrice({ basePriceFen: p.basePriceFen, ladder: p.ladder }, qty),
              overVariant,
            )
          : 0);
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
    if (!check.ok || unitFen === null) return;
    const n = check.value;
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
      <div className="flex items-start gap-2">
        <span className="pt-1.5 text-sm text-gray-600">采购数量</span>
        <QuantityInput
          text={qtyText}
          onText={setQtyText}
          rules={rules}
          label="采购数量"
          onEnter={() => {
            if (p.canBuy) void add();
          }}
        />
        <span className="pt-1.5 text-sm text-gray-500">
          {p.bzdw}
          {rules.pack > 1 ? `（按中包装${p.pack}${p.bzdw}的倍数购买）` : ''}
          {p.limit > 0 ? `，每单限购${p.limit}${p.bzdw}` : ''}
        </span>
      </div>
      {overVariant > 0 && (
        <p className="text-sm text-amber-700" data-testid="variant-over">
          每店限购{p.variantLimit}
          {p.bzdw}享活动价，超出的{overVariant}
          {p.bzdw}按原价计算
        </p>
      )}
      <div className="flex items-center gap-3">
        {p.canBuy ? (
          <button
            type="button"
            disabled={busy || !check.ok}
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
