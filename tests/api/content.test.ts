import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';
import { helpPages, newsPages } from '../support/content.ts';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

describe('GET /api/article/category', () => {
  it('lists the four shown help groups with their articles', async () => {
    const res = await new Client().get('/api/article/category');
    expect(res.status).toBe(200);
    const groups = res.body.data as {
      id: number;
      name: string;
      children: { id: number; title: string; url: string }[];
    }[];
    expect(groups.map((g) => g.name)).toEqual(['新手指南', '服务保障', '关于我们', '支付配送']);
    const xrzn = groups[0]!;
    expect(xrzn.children.map((c) => c.url)).toEqual([
      '/help/xrzn/hyzc',
      '/help/xrzn/gwzn',
      '/help/xrzn/aqgy',
    ]);
    expect(xrzn.children[0]).toEqual({ id: 101, title: '会员注册', url: '/help/xrzn/hyzc' });
    const ids = groups.flatMap((g) => g.children.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(groups.flatMap((g) => g.children).some((c) => c.url.includes('/hidden/'))).toBe(false);
  });

  it('filters one group by category_id, including the hidden one', async () => {
    const c = new Client();
    const one = await c.get('/api/article/category', { category_id: 2 });
    expect(one.status).toBe(200);
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0].name).toBe('服务保障');
    expect(one.body.data[0].children.map((x: { title: string }) => x.title)).toContain('网站资质');
    const hidden = await c.get('/api/article/category', { category_id: 5 });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data[0].children.map((x: { url: string }) => x.url)).toContain(
      '/help/hidden/hmzn',
    );
    const empty = await c.get('/api/article/category', { category_id: '' });
    expect(empty.body.data).toHaveLength(4);
  });

  it('answers 404 for an unknown group and 422 for a malformed id', async () => {
    const c = new Client();
    const unknown = await c.get('/api/article/category', { category_id: 999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('帮助分类不存在');
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      const res = await c.get('/api/article/category', { category_id: bad });
      expect(res.status, bad).toBe(422);
      expect(res.body.errors.category_id[0]).toBe('编号不正确');
    }
  });
});

// The build turns every Markdown file into a page: an editor's new file is served after the
// next build (the test setup rebuilds whenever src/ is newer than dist/), with no code change.
describe('Markdown files become pages', () => {
  const files = [...helpPages(), ...newsPages()];

  it('finds the content files', () => {
    expect(helpPages().length).toBeGreaterThanOrEqual(14);
    expect(newsPages().length).toBeGreaterThanOrEqual(12);
  });

  it.each(files.map((f) => [f.url, f.title]))('%s is built with its title', async (url, title) => {
    const res = await new Client().get(url);
    expect(res.status).toBe(200);
    expect(titleOf(res.body)).toBe(`${title} - 药批·医药批发采购平台`);
  });
});

describe('help and news paths at request time', () => {
  it('redirects other spellings of a prerendered page to it', async () => {
    const res = await new Client().get('/HELP/XRZN/HYZC?id=101');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/help/xrzn/hyzc?id=101');
  });

  it.each([
    '/help/xx/yy',
    '/help/zfps/nope',
    '/news/hy/9',
    '/news/info/nope/hy',
    '/news/info/2026-11-18-yibao-mulu/company',
  ])('%s answers the 404 page', async (url) => {
    const res = await new Client().get(url);
    expect(res.status).toBe(404);
    expect(titleOf(res.body)).toBe('页面不存在 - 药批·医药批发采购平台');
  });

  it('serves the footer link with an id query as the same page', async () => {
    const res = await new Client().get('/help/xrzn/hyzc?id=101');
    expect(res.status).toBe(200);
    expect(titleOf(res.body)).toBe('会员注册 - 药批·医药批发采购平台');
  });
});
