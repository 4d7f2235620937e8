import { describe, expect, it } from 'vitest';
import { regionHtml } from '#/lib/pageRegions.ts';
import { fillPage, pageParts, pageTemplate } from '#/server/pageTemplate.ts';

const page = (name: string) =>
  Buffer.from(
    `<body class="x" data-server-time="2026-01-01T00:00:00.000Z" data-route="index"><a data-reader-slot="store-name" data-testid="company-name">${name}</a><p>${name}</p></body>`,
  );

describe('page templates', () => {
  it('fill the server time and the store name, and nothing else, byte for byte', () => {
    const t = pageTemplate(page('甲药房'));
    expect(
      fillPage(t, {
        serverTime: '2026-11-21T08:00:00.000Z',
        'store-name': '乙&amp;药房',
      }).toString(),
    ).toBe(
      '<body class="x" data-server-time="2026-11-21T08:00:00.000Z" data-route="index"><a data-reader-slot="store-name" data-testid="company-name">乙&amp;药房</a><p>甲药房</p></body>',
    );
  });

  it('give the filled page as pieces that view the kept bytes, not copies of them', () => {
    const t = pageTemplate(page('甲药房'));
    const values = { serverTime: '2026-11-21T08:00:00.000Z', 'store-name': '乙药房' } as const;
    const parts = pageParts(t, values);
    expect(Buffer.concat(parts)).toEqual(fillPage(t, values));
    const within = (p: Buffer) =>
      p.buffer === t.bytes.buffer &&
      p.byteOffset >= t.bytes.byteOffset &&
      p.byteOffset + p.length <= t.bytes.byteOffset + t.bytes.length;
    // the page's own bytes around the two spans; between them the reader's values
    expect(parts.map(within)).toEqual([true, false, true, false, true]);
  });

  it('leave a span that is not given as rendered', () => {
    const t = pageTemplate(page('甲药房'));
    const out = fillPage(t, { serverTime: '2026-11-21T08:00:00.000Z' }).toString();
    expect(out).toContain('data-server-time="2026-11-21T08:00:00.000Z"');
    expect(out).toContain('data-testid="company-name">甲药房</a>');
  });

  it('leave a page without the slot or the time as it is', () => {
    const bytes = Buffer.from('<a href="/login">请登录</a>');
    const t = pageTemplate(bytes);
    expect(t.spans).toHaveLength(0);
    expect(fillPage(t, { serverTime: 'x', 'store-name': '乙' })).toBe(bytes);
  });

  it('keep multi-byte text around the spans intact', () => {
    const bytes = Buffer.from(
      '药批<a data-reader-slot="store-name">武汉仁心大药房</a>中文<body data-server-time="t">尾',
    );
    const out = fillPage(pageTemplate(bytes), { serverTime: 'T', 'store-name': '襄阳康宁诊所' });
    expect(out.toString()).toBe(
      '药批<a data-reader-slot="store-name">襄阳康宁诊所</a>中文<body data-server-time="T">尾',
    );
  });

  it('fill every slot of a page, whichever comes first in it', () => {
    const bytes = Buffer.from(
      '<p data-reader-slot="welcome-name" class="truncate">甲药房</p><body data-server-time="t"><a data-reader-slot="store-name">甲药房</a><i>甲药房</i>',
    );
    const t = pageTemplate(bytes);
    expect(t.spans.map((s) => s.fill)).toEqual(['welcome-name', 'serverTime', 'store-name']);
    expect(
      fillPage(t, { serverTime: 'T', 'store-name': '乙药房', 'welcome-name': '乙药房' }).toString(),
    ).toBe(
      '<p data-reader-slot="welcome-name" class="truncate">乙药房</p><body data-server-time="T"><a data-reader-slot="store-name">乙药房</a><i>甲药房</i>',
    );
    expect(fillPage(t, { 'welcome-name': '丙' }).toString()).toBe(
      '<p data-reader-slot="welcome-name" class="truncate">丙</p><body data-server-time="t"><a data-reader-slot="store-name">甲药房</a><i>甲药房</i>',
    );
  });

  it("fill a detail page's title and content region, and only the page's own title", () => {
    const bytes = Buffer.from(
      `<head><title>甲 - 药批</title></head><body data-server-time="t">${regionHtml('detail-main', '<h1>甲</h1><svg><title>图</title></svg>')}<footer>药批</footer></body>`,
    );
    const t = pageTemplate(bytes);
    expect(t.spans.map((s) => s.fill)).toEqual(['title', 'serverTime', 'detail-main']);
    expect(fillPage(t, { title: '乙 - 药批', 'detail-main': '<h1>乙</h1>' }).toString()).toBe(
      `<head><title>乙 - 药批</title></head><body data-server-time="t">${regionHtml('detail-main', '<h1>乙</h1>')}<footer>药批</footer></body>`,
    );
  });
});
