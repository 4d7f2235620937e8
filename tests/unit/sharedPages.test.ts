import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidate, invalidateAll } from '#/server/cache.ts';
import { regionHtml } from '#/lib/pageRegions.ts';
import { filledCopy, peekFillCopy, peekSharedPage, sharedPage } from '#/server/pageCache.ts';

type Ctx = { request: Request; locals: App.Locals };
const reader = (companyName: string | null, method = 'GET'): Ctx => ({
  request: new Request('http://shop.local/list', { method }),
  locals: {
    user:
      companyName === null
        ? null
        : {
            accountId: 1,
            companyId: 1,
            username: 'u',
            companyName,
            isPassed: true,
            isOperator: false,
          },
    sessionToken: null,
    staff: null,
    staffToken: null,
  },
});
const html = (name: string) =>
  `<body data-server-time="2026-01-01T00:00:00.000Z"><a href="/user" data-reader-slot="store-name" data-testid="company-name">${name}</a><p>goods</p><p data-reader-slot="welcome-name" data-testid="welcome-name">${name}</p></body>`;
const page = (name: string, init: ResponseInit = {}) =>
  new Response(html(name), { status: 200, headers: { 'content-type': 'text/html' }, ...init });

/** A render that the test finishes when it likes, and a count of renders. */
function renders() {
  let count = 0;
  let finish: (r: Response) => void = () => {};
  const next = () => {
    count++;
    return new Promise<Response>((r) => (finish = r));
  };
  return { next, done: (r: Response) => finish(r), count: () => count };
}
const rendered = (name: string) => async () => page(name);
/** The keys of a page that is no goods list. */
const only = (page: string) => ({ page, fill: null });
const screen = {
  heading: '商品列表',
  view: 'grid',
  views: { grid: '/list', table: '/list/table' },
} as const;
/** A list page's render: its goods and page links in regions, and the fill's note in locals. */
const listRender = (ctx: Ctx, goods: string) => async () => {
  ctx.locals.pageFill = { kind: 'list', screen, buyControls: true };
  return new Response(
    `<body data-server-time="x"><h1>商品列表</h1>${regionHtml('list-goods', goods)}<footer>f</footer>${regionHtml('list-pages', '1')}</body>`,
    { status: 200, headers: { 'content-type': 'text/html' } },
  );
};
const unused = async (): Promise<Response> => {
  throw new Error('rendered although a copy was there');
};

afterEach(() => {
  invalidateAll();
  vi.useRealTimers();
});

describe('sharedPage', () => {
  it('keeps a copy once a page is asked for again and serves it with each reader’s own store names and time', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z') });
    expect(
      await (await sharedPage(reader('丙药房'), only('k'), rendered('丙药房'))).text(),
    ).toContain('>丙药房<');
    // Asked once: nothing kept (most of what a buyer paging through the catalogue asks for).
    expect(peekSharedPage('k', { companyName: '丁' })).toBeNull();
    expect(
      await (await sharedPage(reader('甲药房'), only('k'), rendered('甲药房'))).text(),
    ).toContain('>甲药房<');

    const res = await sharedPage(reader('乙&"药房"'), only('k'), unused);
    const body = await res.text();
    expect(body).toContain('data-testid="company-name">乙&amp;&quot;药房&quot;</a>');
    expect(body).toContain('data-testid="welcome-name">乙&amp;&quot;药房&quot;</p>');
    expect(body).not.toContain('甲药房');
    expect(body).toContain('data-server-time="2026-11-21T08:00:00.000Z"');
    expect(await (await sharedPage(reader(null), only('k'), unused)).text()).toContain('>甲药房<');
  });

  it('expires after 2 s; while one reader renders anew the others get the copy for up to 4 s', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z') });
    await sharedPage(reader('甲'), only('k'), rendered('甲'));
    await sharedPage(reader('甲'), only('k'), rendered('甲'));
    vi.advanceTimersByTime(2001);
    expect(peekSharedPage('k', { companyName: '乙' })).toBeNull();
    const r = renders();
    const renderer = sharedPage(reader('乙'), only('k'), r.next);
    expect(r.count()).toBe(1);
    expect(peekSharedPage('k', { companyName: '丙' })?.parts.join('')).toContain('>丙<');
    vi.advanceTimersByTime(2000);
    expect(peekSharedPage('k', { companyName: '丙' })).toBeNull();
    r.done(page('乙'));
    await renderer;
    expect(peekSharedPage('k', { companyName: '丁' })?.parts.join('')).toContain('>丁<');
  });

  it('makes a reader without a copy wait for the render in flight instead of rendering too', async () => {
    const r = renders();
    const first = sharedPage(reader('甲'), only('k'), r.next);
    const waiting = sharedPage(reader('乙'), only('k'), unused);
    r.done(page('甲'));
    await first;
    expect(await (await waiting).text()).toContain('>乙<');
    expect(r.count()).toBe(1);
    // Asked twice: kept although it was the key's first render.
    expect(peekSharedPage('k', { companyName: '丙' })?.parts.join('')).toContain('>丙<');
  });

  it('keeps nothing of a failed render, forgets everything on a stock change, and never shares other methods', async () => {
    await sharedPage(reader('甲'), only('k'), async () => page('甲', { status: 500 }));
    const again = renders();
    void sharedPage(reader('乙'), only('k'), again.next);
    expect(again.count()).toBe(1);
    again.done(page('乙'));

    const posts = renders();
    void sharedPage(reader('甲', 'POST'), only('p'), posts.next);
    posts.done(page('甲'));
    expect(peekSharedPage('p', { companyName: '甲' })).toBeNull();

    await sharedPage(reader('甲'), only('j'), rendered('甲'));
    await sharedPage(reader('甲'), only('j'), rendered('甲'));
    invalidate({ company: 1 });
    expect(peekSharedPage('j', { companyName: '甲' })).not.toBeNull();
    invalidate({ goods: [7] });
    expect(peekSharedPage('j', { companyName: '甲' })).toBeNull();
  });

  it("keeps a list page's first render as its list's copy, fills other pages into it while fresh, and forgets it on a goods change", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z') });
    const ctx = reader('甲');
    await sharedPage(ctx, { page: 'l?page=1', fill: 'l' }, listRender(ctx, 'A'));
    // asked once: no copy of the page itself, but one of its list
    expect(peekSharedPage('l?page=1', null)).toBeNull();
    const copy = peekFillCopy('l');
    expect(copy?.fill).toEqual({ kind: 'list', screen, buyControls: true });
    const served = filledCopy(
      copy!,
      { companyName: '乙' },
      {
        'list-views': 'v',
        'list-total': '9',
        'list-goods': '<article>B</article>',
        'list-pages': '2',
      },
    );
    expect(served.source).toBe('filled');
    const text = Buffer.concat(served.parts).toString();
    expect(text).toContain(
      `<h1>商品列表</h1>${regionHtml('list-goods', '<article>B</article>')}<footer>f</footer>${regionHtml('list-pages', '2')}`,
    );
    expect(text).not.toContain('data-server-time="x"');
    // not made from another render while fresh, gone when stale, and on any goods change
    const other = reader('甲');
    await sharedPage(other, { page: 'l?page=2', fill: 'l' }, listRender(other, 'C'));
    expect(peekFillCopy('l')?.page.page.bytes.toString()).toContain(regionHtml('list-goods', 'A'));
    vi.advanceTimersByTime(2001);
    expect(peekFillCopy('l')).toBeNull();
    await sharedPage(ctx, { page: 'l?page=3', fill: 'l' }, listRender(ctx, 'E'));
    expect(peekFillCopy('l')).not.toBeNull();
    invalidate({ goods: [7] });
    expect(peekFillCopy('l')).toBeNull();
  });
});
