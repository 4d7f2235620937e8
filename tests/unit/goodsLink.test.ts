import { describe, expect, it } from 'vitest';
import { detailHref } from '#/components/goodsLink.ts';
import type { GoodsCardOut } from '#/server/catalog/present.ts';

const card = (variant: Partial<GoodsCardOut> & { goods_manjian_id?: number } = {}) =>
  ({ id: 42, goods_price_id: null, is_yj: 0, is_jxq: 0, ...variant }) as GoodsCardOut & {
    goods_manjian_id?: number;
  };

describe('a goods detail link', () => {
  it('is the plain detail path for a card without a price variant', () => {
    expect(detailHref(card())).toBe('/list/info/42');
  });

  it('carries each variant the card has, in one order', () => {
    expect(detailHref(card({ goods_price_id: 7 }))).toBe('/list/info/42?goods_price_id=7');
    expect(detailHref(card({ is_jxq: 1 }))).toBe('/list/info/42?is_jxq=1');
    expect(detailHref(card({ goods_price_id: 7, is_yj: 1, is_jxq: 1, goods_manjian_id: 3 }))).toBe(
      '/list/info/42?goods_price_id=7&is_yj=1&is_jxq=1&goods_manjian_id=3',
    );
  });
});
