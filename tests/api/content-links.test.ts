// Links from the shared chrome and the home page into the help and news pages.
import { describe, expect, it } from 'vitest';
import { Client } from '../support/http.ts';

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The part of a page between an element with data-testid and its closing tag name. */
function section(html: string, testId: string, tag: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  expect(start, testId).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf(`</${tag}>`, start));
}

function links(html: string): { href: string; text: string; attrs: string }[] {
  return [...html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map((m) => ({
    attrs: m[1]!,
    href: decode(/href="([^"]*)"/.exec(m[1]!)?.[1] ?? ''),
    text: decode(m[2]!.trim()),
  }));
}

const h1 = (html: string) => decode(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]?.trim() ?? '');

describe('footer help links', () => {
  it('on a server page and a prerendered page, every article link carries ?id= and lands on that article', async () => {
    const c = new Client();
    for (const page of ['/', '/help/us/link']) {
      const html = String((await c.get(page)).body);
      const footer = links(section(html, 'footer-help', 'footer')).filter((l) =>
        l.attrs.includes('data-article-id'),
      );
      // Four listed groups: 新手指南 3, 服务保障 3, 关于我们 2, 支付配送 3 articles.
      expect(footer.length, page).toBe(11);
      for (const link of footer) {
        const url = new URL(link.href, 'http://x');
        const id = url.searchParams.get('id');
        expect(id, link.href).toMatch(/^\d+$/);
        expect(link.attrs).toContain(`data-article-id="${id}"`);
        const res = await c.get(link.href);
        expect(res.status, link.href).toBe(200);
        const target = String(res.body);
        expect(h1(target), link.href).toBe(link.text);
        expect(target, link.href).toContain(`data-article-id="${id}"`);
      }
    }
  });

  it('uses the ids of GET /api/article/category', async () => {
    const c = new Client();
    const categories = (await c.get('/api/article/category')).body.data as {
      children: { id: number; url: string }[];
    }[];
    const byUrl = new Map(categories.flatMap((g) => g.children.map((a) => [a.url, a.id] as const)));
    const html = String((await c.get('/')).body);
    const footer = links(section(html, 'footer-help', 'footer')).filter((l) =>
      l.attrs.includes('data-article-id'),
    );
    for (const link of footer) {
      const url = new URL(link.href, 'http://x');
      expect(Number(url.searchParams.get('id')), link.href).toBe(byUrl.get(url.pathname));
    }
  });
});

describe('home page news', () => {
  it('links each news item to its own page', async () => {
    const c = new Client();
    const html = String((await c.get('/')).body);
    const news = links(section(html, 'home-news', 'div')).filter((l) => l.text !== '更多');
    expect(news.length).toBeGreaterThan(0);
    for (const item of news) {
      expect(item.href).toMatch(/^\/news\/info\/[^/]+\/(hy|company)$/);
      const res = await c.get(item.href);
      expect(res.status, item.href).toBe(200);
      expect(h1(String(res.body)), item.href).toBe(item.text);
    }
  });
});
