// Every promotion a buyer is told about leads to the goods at the promotion's price: the home
// page's 限时秒杀 and 每日特价 blocks, the promotion tags on cards, 满减 and 组合购.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../support/http.ts';
import { login } from '../support/shop.ts';

let demo: Client;
beforeAll(async () => {
  demo = await login('demo');
});

const section = (html: string, key: string) => {
  const start = html.indexOf(`data-testid="home-${key}"`);
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</section>', start));
};

describe('the home page promotion blocks', () => {
  it.each([
    ['spike', 'flash', '秒杀价'],
    ['daily', 'daily_special', '特价'],
  ])(
    '%s: each card links to its goods at the promotion price, with countdown and limit',
    async (key, kind, label) => {
      const block = section((await demo.get('/')).body, key);
      const cards = block.split('data-testid="goods-card"').slice(1);
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards.slice(0, 4)) {
        const link = /href="\/list\/info\/(\d+)\?goods_price_id=(\d+)"/.exec(card);
        expect(link, card).not.toBeNull();
        const [, id, priceId] = link!;
        const shown = new RegExp(`${label}</span> <b>¥(\\d+\\.\\d{2})</b>`).exec(card)?.[1];
        const endsAt = /data-ends-at="([^"]+)"/.exec(card)?.[1];
        expect(card).toMatch(/距结束 <b[^>]*>(\d+天 )?\d\d:\d\d:\d\d<\/b>/);
        const detail = (await demo.get(`/api/goods/detail/${id}`, { goods_price_id: priceId })).body
          .data;
        expect(detail).toMatchObject({ price_kind: kind, goods_price_id: Number(priceId) });
        expect(shown).toBe(detail.price);
        expect(detail.price).not.toBe(detail.base_price);
        if (kind === 'flash') expect(Date.parse(endsAt!)).toBe(Date.parse(detail.ends_at));
        else expect(Date.parse(endsAt!)).toBeLessThanOrEqual(Date.parse(detail.ends_at));
        expect(card).toContain(`每店限购${detail.user_limit}${detail.bzdw}`);
      }
    },
  );

  it('lists every running flash sale behind 查看更多, at its flash price', async () => {
    const spike = (await demo.get('/api/index/spike')).body.data.goods;
    const listed = (await demo.get('/api/goods/list', { tag: '秒', per_page: 100 })).body;
    expect(listed.total).toBe(spike.length);
    for (const g of listed.data) {
      expect(g.price_kind).toBe('flash');
      const same = spike.find((s: any) => s.id === g.id);
      expect(same).toMatchObject({ goods_price_id: g.goods_price_id, price: g.price });
    }
    expect(section((await demo.get('/')).body, 'spike')).toContain('href="/list?tag=秒"');
  });
});

describe('promotion tags', () => {
  it('appear only on goods whose promotion is running, and lead to it', async () => {
    const seen = new Set<string>();
    for (const page of [1, 2, 3]) {
      const cards = (await demo.get('/api/goods/list', { per_page: 100, page })).body.data;
      for (const g of cards) {
        expect(g.tags).not.toContain('换购');
        const promo = g.tags.filter((t: string) => ['秒', '特', '满', '赠'].includes(t));
        if (promo.length === 0) continue;
        const d = (await demo.get(`/api/goods/detail/${g.id}`)).body.data;
        const kinds = d.offers.map((o: any) => o.price_kind);
        for (const t of promo) {
          seen.add(t);
          if (t === '秒') expect(kinds, `${g.id}`).toContain('flash');
          if (t === '特') expect(kinds, `${g.id}`).toContain('daily_special');
          if (t === '满') expect(d.manjian, `${g.id}`).not.toBeNull();
          if (t === '赠') expect(d.gifts.length, `${g.id}`).toBeGreaterThan(0);
        }
        for (const o of d.offers)
          expect(o.href).toMatch(
            new RegExp(`^/list/info/${g.id}\\?goods_price_id=${o.goods_price_id}`),
          );
      }
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('a goods in a flash sale offers it on its plain detail page, linked at its price', async () => {
    const flash = (await demo.get('/api/index/spike')).body.data.goods[0];
    const page = (await demo.get(`/list/info/${flash.id}`)).body as string;
    expect(page).toContain(`href="/list/info/${flash.id}?goods_price_id=${flash.goods_price_id}"`);
    expect(page).toContain(`秒杀价 ¥${flash.price}`);
  });
});

describe('满减 and 组合购', () => {
  it('a 满减 activity lists its goods, linked under the activity', async () => {
    const [activity] = (await demo.get('/api/goods/activities')).body.data;
    const listed = (await demo.get('/api/goods/list', { manjian: activity.id, per_page: 100 }))
      .body;
    const ids = listed.data.map((g: any) => g.id);
    for (const g of activity.goods) expect(ids).toContain(g.id);
    for (const g of listed.data) expect(g.tags).toContain('满');
    const page = (await demo.get(`/list?manjian=${activity.id}`)).body as string;
    expect(page).toContain('data-testid="manjian-banner"');
    expect(page).toContain(`goods_manjian_id=${activity.id}`);
    const detail = (await demo.get(`/list/info/${activity.goods[0].id}`)).body as string;
    expect(detail).toContain(`href="/list?manjian=${activity.id}"`);
  });

  it('a detail names its combination packs with a link to the pack on 组合购', async () => {
    const zone = (await demo.get('/zhzq')).body as string;
    const packId = /id="combo-(\d+)"/.exec(zone)?.[1];
    expect(packId).toBeDefined();
    const goodsId = new RegExp(`id="combo-${packId}"[\\s\\S]*?href="/list/info/(\\d+)`).exec(
      zone,
    )?.[1];
    const detail = (await demo.get(`/list/info/${goodsId}`)).body as string;
    expect(detail).toContain(`href="/zhzq#combo-${packId}"`);
  });
});
