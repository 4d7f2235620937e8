import { type ApiCartLine, pricingGoodsFromApi } from '#/lib/cartLine.ts';
import { fenToYuan } from '#/lib/money.ts';
import { freeShippingHint } from '#/lib/pricing/freeShipping.ts';
import { ladderHint } from '#/lib/pricing/ladder.ts';

/** Under the quantity: the next ladder tier and the line's own free shipping at `qty`. */
export default function LineHints({ line, qty }: { line: ApiCartLine; qty: number }) {
  const g = pricingGoodsFromApi(line.goods);
  const lh = ladderHint(g, qty);
  const fs = freeShippingHint(g, qty);
  return (
    <div className="mt-1 space-y-0.5 text-xs" data-testid="line-hints">
      {lh.state === 'next' && (
        <p className="text-accent-500">
          再买{lh.shortBy}
          {line.goods.bzdw}享{fenToYuan(lh.nextPriceFen)}元/{line.goods.bzdw}
        </p>
      )}
      {lh.state === 'none' && lh.nextNumber !== undefined && (
        <p className="text-accent-500">
          满{lh.nextNumber}
          {line.goods.bzdw}享{fenToYuan(lh.nextPriceFen ?? 0)}元/{line.goods.bzdw}，还差{lh.shortBy}
          {line.goods.bzdw}
        </p>
      )}
      {lh.state === 'reached' && (
        <p className="text-brand-600">已享最低阶梯价{fenToYuan(lh.reachedPriceFen)}元</p>
      )}
      {fs.eligible &&
        (fs.reached ? (
          <p className="text-brand-600">已满足包邮</p>
        ) : (
          <p className="text-gray-500">
            再买{fs.shortBy}
            {line.goods.bzdw}包邮
          </p>
        ))}
    </div>
  );
}
