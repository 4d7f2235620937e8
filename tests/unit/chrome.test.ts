import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { badgeText, canChat, categoryHref, MENU_LINES } from '#/lib/chrome.ts';
import { formEncode } from '#/lib/formEncode.ts';
import { footerHelpGroups } from '#/lib/helpLinks.ts';
import { parseSearchType, searchHref } from '#/stores/search.ts';
import { savedScroll, scrollKey } from '#/client/scroll.ts';
import { reloadOnceAfterLogin } from '#/client/tracking.ts';
import { serverNowAt, setServerTime } from '#/stores/serverClock.ts';

describe('category menus', () => {
  it('open the goods list with the select filter and the line flag', () => {
    expect(categoryHref('general', 12)).toBe('/list?select=12');
    expect(categoryHref('yx', 3)).toBe('/list?select=3&yx=1');
    expect(categoryHref('zy', 4)).toBe('/list?select=4&zy=2');
    expect(categoryHref('qx', 5)).toBe('/list?select=5&qx=2');
  });
  it('are the four lines in header order', () => {
    expect(MENU_LINES.map((m) => m.line)).toEqual(['general', 'yx', 'zy', 'qx']);
  });
});

describe('badgeText', () => {
  it('hides zero and missing counts, caps at 99+', () => {
    expect(badgeText(null)).toBe('');
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('customer chat', () => {
  it('needs is_can_chat, username and token', () => {
    expect(canChat({ is_can_chat: 1, username: 'demo', token: 't' })).toBe(true);
    expect(canChat({ is_can_chat: true, username: 'demo', token: 't' })).toBe(true);
    expect(canChat({ is_can_chat: 0, username: 'demo', token: 't' })).toBe(false);
    expect(canChat({ is_can_chat: 1, username: '', token: 't' })).toBe(false);
    expect(canChat({ is_can_chat: 1, username: 'demo' })).toBe(false);
    expect(canChat(null)).toBe(false);
  });
});

describe('formEncode', () => {
  it('matches qs.stringify for the shapes the shop posts', () => {
    const samples = [
      { keywords: '阿莫西林 胶囊', type: 1 },
      {
        params: [
          { goods_id: 1, price: '12.30', number: 2, is_yj: 0 },
          { goods_id: 2, price: '1.00', number: 1 },
        ],
      },
      { goods_ids: [3, 4, 5], empty: '', nothing: undefined },
      { a: { b: { c: 'd&e=f' } }, flag: true },
    ];
    for (const s of samples) {
      expect(formEncode(s)).toBe(qs.stringify(s));
      expect(qs.parse(formEncode(s))).toEqual(qs.parse(qs.stringify(s)));
    }
  });
  it('sends null as an empty value', () => {
    expect(formEncode({ a: null })).toBe('a=');
  });
});

describe('search', () => {
  it('submits the trimmed keyword with its type; nothing for blank input', () => {
    expect(searchHref('  阿莫西林 ', 1)).toBe(
      '/search?keywords=%E9%98%BF%E8%8E%AB%E8%A5%BF%E6%9E%97&type=1',
    );
    expect(searchHref('   ', 2)).toBeNull();
    expect(parseSearchType('2')).toBe(2);
    expect(parseSearchType('x')).toBe(1);
    expect(parseSearchType(null)).toBe(1);
  });
});

describe('footer help links', () => {
  it("groups articles by folder in the listed groups' order, each link carrying the article id, leaving hidden groups out", () => {
    const groups = footerHelpGroups([
      { file: '../content/help/xrzn/gwzn.md', title: '购物指南', group: 'xrzn', order: 2 },
      { file: '../content/help/xrzn/hyzc.md', title: '会员注册', group: 'xrzn', order: 1 },
      { file: '../content/help/zfps/ddzf.md', title: '订单支付', group: 'zfps', order: 1 },
      { file: '../content/help/hidden/jyfw.md', title: '经营范围', group: 'hidden', order: 1 },
    ]);
    expect(groups.map((g) => g.title)).toEqual(['新手指南', '服务保障', '关于我们', '支付配送']);
    expect(groups[0]).toEqual({
      id: 1,
      title: '新手指南',
      links: [
        { id: 101, title: '会员注册', href: '/help/xrzn/hyzc?id=101' },
        { id: 102, title: '购物指南', href: '/help/xrzn/gwzn?id=102' },
      ],
    });
    expect(groups[3]!.links).toEqual([
      { id: 401, title: '订单支付', href: '/help/zfps/ddzf?id=401' },
    ]);
    expect(groups.flatMap((g) => g.links).some((l) => l.href.includes('hidden'))).toBe(false);
  });
});

describe('scroll restore', () => {
  it('reads a saved position per path and ignores junk', () => {
    const store = new Map<string, string>([
      [scrollKey('/a'), '420'],
      [scrollKey('/b'), 'x'],
      [scrollKey('/c'), '-5'],
    ]);
    const storage = { getItem: (k: string) => store.get(k) ?? null };
    expect(savedScroll('/a', storage)).toBe(420);
    expect(savedScroll('/b', storage)).toBeNull();
    expect(savedScroll('/c', storage)).toBeNull();
    expect(savedScroll('/none', storage)).toBeNull();
  });
});

describe('login=1 reload', () => {
  it('reloads exactly once and clears the flag', () => {
    const store = new Map([['login', '1']]);
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      removeItem: (k: string) => void store.delete(k),
    };
    let reloads = 0;
    expect(reloadOnceAfterLogin(storage, () => reloads++)).toBe(true);
    expect(reloadOnceAfterLogin(storage, () => reloads++)).toBe(false);
    expect(reloads).toBe(1);
    expect(store.has('login')).toBe(false);
  });
});

describe('server clock', () => {
  it('advances the server time by the local time elapsed', () => {
    setServerTime('2026-11-21T08:00:00.000Z', 1_000);
    expect(serverNowAt(4_000)).toBe(Date.parse('2026-11-21T08:00:03.000Z'));
    setServerTime('not a date', 5_000);
    expect(serverNowAt(5_000)).toBe(Date.parse('2026-11-21T08:00:04.000Z'));
  });
});
