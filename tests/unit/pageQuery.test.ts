// What a shared page reads of its query (server/pageQuery.ts): its render and its copy's key.
import { describe, expect, it } from 'vitest';
import { fillSearch, pageSearch } from '#/server/pageQuery.ts';

const at = (path: string) => pageSearch(new URL(`http://shop.local${path}`));

describe('pageSearch', () => {
  it('keeps a list’s filters and the header’s search words in their order and spelling', () => {
    expect(at('/list?select=%E6%8A%97%E6%84%9F&in_stock=1&sort=sales&n=17')).toBe(
      '?select=%E6%8A%97%E6%84%9F&in_stock=1&sort=sales',
    );
    expect(at('/search/table?keywords=amxl&type=2&utm_source=ad&page=3')).toBe(
      '?keywords=amxl&type=2&page=3',
    );
    // qs names: brackets group under their parameter, encoded names are read decoded
    expect(at('/list?tag%5B0%5D=%E7%A7%92&x%5B0%5D=1&%70age=2')).toBe(
      '?tag%5B0%5D=%E7%A7%92&%70age=2',
    );
  });

  it('keeps of the detail page its price variant, of the home page and the cart the search words only', () => {
    expect(at('/list/info/42?goods_price_id=5&is_jxq=1&page=2&n=1')).toBe(
      '?goods_price_id=5&is_jxq=1',
    );
    expect(at('/?keywords=amxl&sort=price')).toBe('?keywords=amxl');
    expect(at('/?n=1')).toBe('');
    expect(at('/cart?page=2&keywords=amxl&from=detail')).toBe('?keywords=amxl');
    expect(at('/list?')).toBe('');
  });

  it('fills no other page into the home page or the cart', () => {
    expect(fillSearch(new URL('http://shop.local/cart?keywords=amxl'))).toBeNull();
    expect(fillSearch(new URL('http://shop.local/?keywords=amxl'))).toBeNull();
    expect(fillSearch(new URL('http://shop.local/list?page=2&sort=sales'))).toBe('?sort=sales');
  });

  it('reads the kind a page says it is, whatever its path', () => {
    expect(
      pageSearch(new URL('http://shop.local/goods/42?goods_price_id=5&page=2'), 'detail'),
    ).toBe('?goods_price_id=5');
  });
});
