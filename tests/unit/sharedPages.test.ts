import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetSharedPages, peekSharedPage, sharedPage, type Cached } from '../../src/server/pageCache.ts';

type Ctx = { request: Request; locals: App.Locals };
const reader = (companyName: string | null): Ctx => ({
  request: new Request('http://shop.local/list'),
  locals: { user: companyName === null ? null : { accountId: 1, companyId: 1, username: 'u', companyName, isPassed: true, isOperator: false }, sessionToken: null },
});
const page = (name: string): Cached => ({
  status: 200,
  headers: [['content-type', 'text/html']],
  body: `<body data-server-time="2026-01-01T00:00:00.000Z"><a href="/user" data-testid="company-name">${name}</a><p>goods</p></body>`,
});

afterEach(() => {
  forgetSharedPages();
  vi.useRealTimers();
});

describe('sharedPage', () => {
  it('lets the first reader render, then serves the copy with each reader’s own store name and time', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z') });
    const first = reader('甲药房');
    expect(await sharedPage(first, 'k')).toBeNull();
    first.locals.sharedPageSettle!(page('甲药房'));

    const res = await sharedPage(reader('乙&"药房"'), 'k');
    const html = await res!.text();
    expect(html).toContain('data-testid="company-name">乙&#38;&#34;药房&#34;</a>');
    expect(html).not.toContain('甲药房');
    expect(html).toContain('data-server-time="2026-11-21T08:00:00.000Z"');
    expect(await (await sharedPage(reader(null), 'k'))!.text()).toContain('>甲药房<');
  });

  it('expires after 2 s; while one reader renders anew the others get the copy for up to 4 s', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z') });
    const first = reader('甲');
    await sharedPage(first, 'k');
    first.locals.sharedPageSettle!(page('甲'));
    vi.advanceTimersByTime(2001);
    expect(peekSharedPage('k', '乙')).toBeNull();
    const renderer = reader('乙');
    expect(await sharedPage(renderer, 'k')).toBeNull();
    expect(peekSharedPage('k', '丙')?.body).toContain('>丙<');
    vi.advanceTimersByTime(2000);
    expect(peekSharedPage('k', '丙')).toBeNull();
    renderer.locals.sharedPageSettle!(page('乙'));
    expect(peekSharedPage('k', '丁')?.body).toContain('>丁<');
  });

  it('makes a reader without a copy wait for the render in flight instead of rendering too', async () => {
    const first = reader('甲');
    await sharedPage(first, 'k');
    const waiting = sharedPage(reader('乙'), 'k');
    first.locals.sharedPageSettle!(page('甲'));
    expect(await (await waiting)!.text()).toContain('>乙<');
  });

  it('keeps nothing of a failed render, forgets everything on a stock change, and never shares other methods', async () => {
    const first = reader('甲');
    await sharedPage(first, 'k');
    first.locals.sharedPageSettle!(null);
    expect(await sharedPage(reader('乙'), 'k')).toBeNull();

    const post = { ...reader('甲'), request: new Request('http://shop.local/list', { method: 'POST' }) };
    expect(await sharedPage(post, 'p')).toBeNull();
    expect(post.locals.sharedPageSettle).toBeUndefined();

    const again = reader('甲');
    await sharedPage(again, 'j');
    again.locals.sharedPageSettle!(page('甲'));
    forgetSharedPages();
    expect(peekSharedPage('j', '甲')).toBeNull();
  });
});
