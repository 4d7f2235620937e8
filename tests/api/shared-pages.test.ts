// Catalogue pages are rendered once per buyer segment and served to the others of that segment
// (src/server/pageCache.ts): every reader must still get exactly their own page.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { registerMember } from '../support/members.ts';
import { addBuyable, login, submissionKey } from '../support/shop.ts';

const COMPANY_NAME = /data-testid="company-name">([^<]*)</;
const companyNameOn = (html: string) => COMPANY_NAME.exec(html)?.[1] ?? null;
// A URL no other test renders, so the first request of each test renders it.
let seq = 0;
const uniqueList = () =>
  `/list?sort=price&order=desc&per_page=${7 + (seq++ % 40)}&price_min=0.${String(seq).padStart(2, '0')}`;

describe('catalogue pages shared by a buyer segment', () => {
  it('give each member of a segment their own store name, and visitors no member content', async () => {
    const [a, b] = await Promise.all([registerMember(), registerMember()]);
    const url = uniqueList();
    const first = await a.client.get(url);
    expect(first.status).toBe(200);
    expect(companyNameOn(first.body)).toBe(a.companyName);
    // b is in a's segment (new, unapproved pharmacies of one province): it gets the shared copy.
    const second = await b.client.get(url);
    expect(companyNameOn(second.body)).toBe(b.companyName);
    expect(second.body).not.toContain(a.companyName);
    expect(second.body).toContain('资质审核中，审核通过后可购买');
    expect(companyNameOn((await a.client.get(url)).body)).toBe(a.companyName);

    const visitorPage = (await new Client().get(url)).body as string;
    expect(companyNameOn(visitorPage)).toBeNull();
    expect(visitorPage).toContain('登录后可见价格');
    expect(visitorPage).not.toContain('资质审核中');

    const approved = (await (await login('demo')).get(url)).body as string;
    expect(approved).not.toContain('资质审核中');
    expect(approved).not.toContain('登录后可见价格');
    expect(approved).toMatch(/¥\d+\.\d{2}/);
  });

  it('escape the store name they put into a shared page', async () => {
    // Angle brackets are refused at registration; quotes and ampersands are not.
    const hostile = await registerMember({
      company_name: `测试"药房"&'${Date.now().toString(36)}`,
    });
    const peer = await registerMember();
    const url = uniqueList();
    await peer.client.get(url);
    const page = (await hostile.client.get(url)).body as string;
    const shown = companyNameOn(page)!;
    expect(shown).not.toMatch(/["']|&(?!(#\d+|amp|quot|lt|gt);)/);
    const named: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>' };
    expect(
      shown.replace(/&(#\d+|amp|quot|lt|gt);/g, (_m, e: string) =>
        e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : named[e]!,
      ),
    ).toBe(hostile.companyName);
  });

  it('show a favourite the moment it is added or cancelled', async () => {
    const demo = await login('demo');
    const goods = (await demo.get('/api/goods/list', { per_page: 1, sort: 'newest' })).body.data[0];
    const detail = `/list/info/${goods.id}`;
    await demo.post('/api/favorite/cancel', { goods_ids: [goods.id] });
    const before = (await demo.get(detail)).body as string;
    expect(before).toContain('☆ 收藏');
    expect((await demo.post('/api/favorite', { goods_ids: [goods.id] })).status).toBe(201);
    expect((await demo.get(detail)).body).toContain('★ 已收藏');
    // Another member of the same segment still sees the goods as not a favourite.
    const other = await login('chain');
    expect((await other.get(detail)).body).not.toContain('★ 已收藏');
    await demo.post('/api/favorite/cancel', { goods_ids: [goods.id] });
    expect((await demo.get(detail)).body).toContain('☆ 收藏');
  });

  it('show the stock an order took at once', async () => {
    const demo = await login('demo');
    const line = await addBuyable(demo, 760);
    const detail = `/list/info/${line.goods.id}`;
    const stockOn = (html: string) => Number(/库存<\/th><td class="p-2">(\d+)/.exec(html)?.[1]);
    const before = stockOn((await demo.get(detail)).body);
    expect(before).toBeGreaterThan(0);
    const placed = await demo.post('/api/order', { key: submissionKey(), ids: [line.id] });
    expect(placed.status).toBe(201);
    expect(stockOn((await demo.get(detail)).body)).toBeLessThan(before);
  });
});
