import { describe, expect, it } from 'vitest';
import {
  HELP_GROUPS,
  byDateDesc,
  helpArticleId,
  helpFrontMatter,
  helpSlug,
  helpUrl,
  newsFrontMatter,
  newsListUrl,
  newsUrl,
} from '#/lib/help.ts';

// What a YAML front matter block parses to (dates become Date objects).
const help = {
  title: '会员注册',
  group: 'xrzn',
  order: 1,
  date: new Date('2026-11-01'),
  summary: '注册步骤说明',
};
const news = {
  title: '平台上线',
  type: 'company',
  date: new Date('2026-09-01'),
  summary: '药批正式上线',
};

describe('help front matter', () => {
  it('accepts a complete article and defaults the licence flag', () => {
    const out = helpFrontMatter.parse(help);
    expect(out).toMatchObject({ title: '会员注册', group: 'xrzn', order: 1, licences: false });
    expect(out.date.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('accepts a date written as a string', () => {
    expect(
      helpFrontMatter
        .parse({ ...help, date: '2026-11-02' })
        .date.toISOString()
        .slice(0, 10),
    ).toBe('2026-11-02');
  });

  it.each([
    ['missing title', { ...help, title: undefined }],
    ['empty title', { ...help, title: '  ' }],
    ['unknown group', { ...help, group: 'faq' }],
    ['order zero', { ...help, order: 0 }],
    ['order over 99', { ...help, order: 100 }],
    ['fractional order', { ...help, order: 1.5 }],
    ['bad date', { ...help, date: 'soon' }],
    ['missing summary', { ...help, summary: undefined }],
    ['misspelt key', { ...help, sumary: 'x' }],
  ])('rejects %s', (_label, input) => {
    expect(helpFrontMatter.safeParse(input).success).toBe(false);
  });
});

describe('news front matter', () => {
  it('accepts industry and company news', () => {
    expect(newsFrontMatter.parse(news).type).toBe('company');
    expect(newsFrontMatter.parse({ ...news, type: 'hy' }).type).toBe('hy');
  });

  it.each([
    ['unknown type', { ...news, type: 'other' }],
    ['missing date', { ...news, date: undefined }],
    ['a help group key', { ...news, group: 'xrzn' }],
  ])('rejects %s', (_label, input) => {
    expect(newsFrontMatter.safeParse(input).success).toBe(false);
  });
});

describe('ids and urls', () => {
  it('gives groups unique ids and keys, with four listed groups in SPEC order', () => {
    expect(new Set(HELP_GROUPS.map((g) => g.id)).size).toBe(HELP_GROUPS.length);
    expect(new Set(HELP_GROUPS.map((g) => g.key)).size).toBe(HELP_GROUPS.length);
    expect(HELP_GROUPS.filter((g) => g.listed).map((g) => g.name)).toEqual([
      '新手指南',
      '服务保障',
      '关于我们',
      '支付配送',
    ]);
  });

  it('derives article ids from group and order', () => {
    expect(helpArticleId('xrzn', 1)).toBe(101);
    expect(helpArticleId('zfps', 3)).toBe(403);
    expect(() => helpArticleId('nope', 1)).toThrow();
  });

  it('builds page urls', () => {
    expect(helpSlug('fwbz/wzzz')).toBe('wzzz');
    expect(helpUrl('fwbz', 'wzzz')).toBe('/help/fwbz/wzzz');
    expect(helpUrl('pay', 'index')).toBe('/help/pay');
    expect(newsUrl('2026-09-01-a', 'hy')).toBe('/news/info/2026-09-01-a/hy');
    expect(newsListUrl('company')).toBe('/news/company');
    expect(newsListUrl('company', 1)).toBe('/news/company');
    expect(newsListUrl('company', 2)).toBe('/news/company/2');
  });

  it('sorts news newest first, same day by id descending', () => {
    const e = (id: string, d: string) => ({ id, data: { date: new Date(d) } });
    const sorted = [
      e('a', '2026-09-01'),
      e('c', '2026-11-01'),
      e('b', '2026-11-01'),
      e('d', '2026-10-01'),
    ].sort(byDateDesc);
    expect(sorted.map((x) => x.id)).toEqual(['c', 'b', 'd', 'a']);
  });
});
