import { cartLineHref, type ApiCartLine } from '#/lib/cartLine.ts';
import { CART_LINE_TYPES } from '#/lib/constants.ts';

/** The goods cell of a cart row: picture, name with promotion badges, stock and the line's notes. */
export default function LineInfo({
  line: l,
  welfareLabel,
}: {
  line: ApiCartLine;
  welfareLabel: string;
}) {
  return (
    <div className="flex gap-3">
      <img src={l.goods.goods_image[0] ?? ''} alt="" className="h-16 w-16 border object-contain" />
      <div>
        <a href={cartLineHref(l)} className="font-medium text-gray-900 hover:text-brand-600">
          {l.type === CART_LINE_TYPES.flash && (
            <span className="mr-1 bg-red-600 px-1 text-xs text-white">秒杀</span>
          )}
          {l.combination && (
            <span className="mr-1 bg-brand-600 px-1 text-xs text-white">组合购</span>
          )}
          {l.is_welfare === 1 && (
            <span className="mr-1 bg-accent-500 px-1 text-xs text-white">{welfareLabel}</span>
          )}
          {l.goods.name}
        </a>
        <p className="text-xs text-gray-500">
          {l.goods.ypgg} · {l.goods.sccj}
        </p>
        <p className="text-xs text-gray-500">
          库存 {l.goods.number}
          {l.goods.bzdw}
          {l.goods.must_multiple ? ` · 中包装 ${l.goods.inner_pack}` : ''}
          {l.goods.purchase_limit ? ` · 限购 ${l.goods.purchase_limit}` : ''}
        </p>
        {l.reason && (
          <p className="text-xs text-red-600" role="alert">
            {l.reason}
          </p>
        )}
        {l.notice && (
          <p className="text-xs text-accent-500" data-testid="line-notice">
            {l.notice}
          </p>
        )}
        {l.variant_limit != null && (
          <p className="text-xs text-gray-500">
            活动价限购剩余 {l.variant_limit}
            {l.goods.bzdw}，超出部分按原价计算
          </p>
        )}
        {l.gift_data && (
          <p className="text-xs text-brand-600" data-testid="gift">
            满赠：{l.gift_data.name} ×{l.gift_data.total}
          </p>
        )}
        {l.price_changed && <p className="text-xs text-accent-500">价格已变化</p>}
      </div>
    </div>
  );
}
