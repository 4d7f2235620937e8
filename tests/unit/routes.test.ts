import { describe, it, expect } from 'vitest';
import {
  ROUTES,
  SITE_TITLE,
  canonicalPath,
  hrefFor,
  matchRoute,
  pageTitle,
  resolvePath,
  routeByName,
  type RouteDef,
} from '#/lib/routes.ts';

function def(name: string): RouteDef {
  const d = routeByName(name);
  if (!d) throw new Error(`no route ${name}`);
  return d;
}

/** Fill every param of a pattern with a sample value so it can be requested. */
function sample(pattern: string): string {
  return pattern.replace(/:([A-Za-z0-9_]+)\??/g, (_m, key: string) => `x${key}`);
}

describe('route table', () => {
  it('puts home first', () => {
    expect(ROUTES[0]?.path).toBe('/');
    expect(resolvePath('/')).toMatchObject({ kind: 'render', match: { def: { name: 'index' } } });
  });

  it('has unique names', () => {
    const names = ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has unique paths and aliases', () => {
    const all = ROUTES.flatMap((r) => [r.path, ...(r.aliases ?? [])]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('gives every route a non-empty Chinese title', () => {
    for (const r of ROUTES) {
      expect(r.title.trim(), r.name).not.toBe('');
      expect(/\p{Script=Han}/u.test(r.title), r.name).toBe(true);
    }
  });

  it('makes every path and alias reachable (no earlier route shadows it)', () => {
    for (const r of ROUTES) {
      for (const p of [r.path, ...(r.aliases ?? [])]) {
        expect(matchRoute(sample(p))?.def.name, p).toBe(r.name);
      }
    }
  });

  it('lists every route the spec names', () => {
    const paths = [
      '/',
      '/login',
      '/loading',
      '/404',
      '/noActivity',
      '/jfsc',
      '/list/other/:id/:name?',
      '/group',
      '/group/:id',
      '/loading/activity',
      '/activity/:url?/:url1?/:url2?',
      '/eleven_index',
      '/list',
      '/list/table',
      '/list/no_image',
      '/list/info/:id',
      '/search',
      '/search/table',
      '/yx',
      '/yx/table',
      '/yx/rule',
      '/zyyp',
      '/qxzq',
      '/cart',
      '/cart/step2',
      '/cart/step3/:id',
      '/cart/step4',
      '/cart/hm',
      '/user',
      '/wdqb',
      '/yegl',
      '/zqgl',
      '/jfgl',
      '/yhq',
      '/xjq',
      '/zhzx_jcxx',
      '/jcxx_index',
      '/jcxx_zzzj',
      '/zhzx_ddgl',
      '/zhzx_bdwx',
      '/zhzx_shdz',
      '/zhzx_wdxx',
      '/zhzx_BclassLog',
      '/order_wddd',
      '/order_wddd_index',
      '/order_wddd_info/:id',
      '/order_wddd_returnInfo/:id',
      '/order_wddd_afterSalesInfo/:id',
      '/order_wddd_wl/:id',
      '/order_jfdd',
      '/order_hmdd',
      '/order_hmdd_index',
      '/kjcg',
      '/pzqg',
      '/pzqg/add',
      '/pzqg/info',
      '/dzfp',
      '/star',
      '/yjfk',
      '/dzht',
      '/register',
      '/register_index',
      '/register/step1',
      '/register/step2',
      '/register/step3',
      '/register/wechat',
      '/register/dd/step1',
      '/register/dd/step2',
      '/register/dd/step3',
      '/forget',
      '/forget/step1',
      '/forget/step2',
      '/forget/step3',
      '/ppzq/:page?',
      '/ppzq/info/:id/:page?',
      '/yjh/:id?',
      '/Hdzx/:ids/:id?',
      '/kxzq',
      '/kxzq/new',
      '/kxzq/goods/:url/:ads?',
      '/jxqzc',
      '/hb',
      '/welfare',
      '/mrtj',
      '/zhzq',
      '/lqzx',
      '/zqmb',
      '/yyh',
      '/yyh/list',
      '/hdmb',
      '/help',
      '/help/xrzn/hyzc',
      '/help/xrzn/gwzn',
      '/help/xrzn/aqgy',
      '/help/fwbz/wzzz',
      '/help/fwbz/yhxy',
      '/help/fwbz/zskf',
      '/help/us/tsjy',
      '/help/us/link',
      '/help/pay',
      '/help/zfps/ddzf',
      '/help/zfps/hwps',
      '/help/zfps/ypth',
      '/help/:group/:page',
      '/news/hy',
      '/news/company',
      '/news/info/:id/:type',
    ];
    const table = new Set(ROUTES.map((r) => r.path));
    for (const p of paths) expect(table.has(p), p).toBe(true);
    for (const n of [
      'user_hyzx',
      'search_index',
      'search_table',
      'yx_index',
      'yx_table',
      'zyyp',
      'qxzq',
      'list_index',
      'list_table',
      'eleven_index',
      'zhzx_shdz',
      'order_wddd_wl',
    ]) {
      expect(routeByName(n), n).toBeDefined();
    }
  });
});

describe('aliases', () => {
  const cases: [alias: string, spec: string, name: string][] = [
    ['/basic', '/jcxx_index', 'jcxx_index'],
    ['/zzzj', '/jcxx_zzzj', 'jcxx_zzzj'],
    ['/ddgl', '/zhzx_ddgl', 'zhzx_ddgl'],
    ['/bdwx', '/zhzx_bdwx', 'zhzx_bdwx'],
    ['/addr', '/zhzx_shdz', 'zhzx_shdz'],
    ['/wdxx', '/zhzx_wdxx', 'zhzx_wdxx'],
    ['/bclassLog', '/zhzx_BclassLog', 'zhzx_BclassLog'],
    ['/order', '/order_wddd_index', 'order_wddd_index'],
    ['/order/info/7', '/order_wddd_info/7', 'order_wddd_info'],
    ['/order/returnInfo/7', '/order_wddd_returnInfo/7', 'order_wddd_returnInfo'],
    ['/order/afterSalesInfo/7', '/order_wddd_afterSalesInfo/7', 'order_wddd_afterSalesInfo'],
    ['/jfdd', '/order_jfdd', 'order_jfdd'],
    ['/hmdd', '/order_hmdd_index', 'order_hmdd_index'],
  ];

  it.each(cases)('%s is the canonical page; %s rewrites to it', (alias, spec, name) => {
    expect(resolvePath(alias)).toMatchObject({ kind: 'render', match: { def: { name } } });
    expect(resolvePath(spec)).toMatchObject({
      kind: 'rewrite',
      to: alias,
      match: { def: { name } },
    });
    expect(canonicalPath(def(name), matchRoute(spec)?.params ?? {})).toBe(alias);
  });

  it('every alias in the table renders, every spec path with an alias rewrites to it', () => {
    for (const r of ROUTES) {
      if (!r.aliases || r.redirect) continue;
      const [first, ...rest] = r.aliases;
      expect(first).toBeDefined();
      if (first === undefined) continue;
      expect(resolvePath(sample(first)).kind, first).toBe('render');
      for (const p of [r.path, ...rest]) {
        expect(resolvePath(sample(p)), p).toMatchObject({ kind: 'rewrite', to: sample(first) });
      }
    }
  });

  it('tolerates a trailing slash and a different letter case (rewrite to the canonical spelling)', () => {
    expect(resolvePath('/addr/')).toMatchObject({ kind: 'rewrite', to: '/addr' });
    expect(resolvePath('/order/info/9/')).toMatchObject({ kind: 'rewrite', to: '/order/info/9' });
    expect(resolvePath('/hdzx/3')).toMatchObject({ kind: 'rewrite', to: '/Hdzx/3' });
    expect(resolvePath('/list/')).toMatchObject({ kind: 'rewrite', to: '/list' });
  });
});

describe('redirects', () => {
  const cases: [from: string, to: string][] = [
    ['/activity', '/loading/activity'],
    ['/activity/a', '/loading/activity'],
    ['/activity/a/b', '/loading/activity'],
    ['/activity/a/b/c', '/loading/activity'],
    ['/activity/a/b/c/', '/loading/activity'],
    ['/eleven_index', '/'],
    ['/register', '/register/step1'],
    ['/register_index', '/register/step1'],
    ['/forget', '/forget/step1'],
    ['/zhzx_jcxx', '/basic'],
    ['/zhzx', '/basic'],
    ['/zzfw', '/kjcg'],
    ['/order_wddd', '/order'],
    ['/order_wddd_wl/5', '/order/info/5'],
    ['/order/wl/5', '/order/info/5'],
    ['/order_hmdd', '/hmdd'],
  ];

  it.each(cases)('%s → %s', (from, to) => {
    const res = resolvePath(from);
    expect(res.kind).toBe('redirect');
    if (res.kind === 'redirect') {
      expect(res.to).toBe(to);
      expect([301, 302]).toContain(res.status);
    }
  });

  it('every redirect ends on a page that renders', () => {
    for (const r of ROUTES) {
      if (r.redirect === undefined) continue;
      const res = resolvePath(sample(r.path));
      expect(res.kind, r.name).toBe('redirect');
      if (res.kind === 'redirect')
        expect(resolvePath(res.to).kind, `${r.name} → ${res.to}`).toBe('render');
    }
  });
});

describe('unknown paths', () => {
  it.each([
    '/nope',
    '/list/other',
    '/list/info',
    '/cart/step3',
    '/activity/a/b/c/d',
    '/help/a/b/c',
    '/news/info/1',
    '/news/hy/2/3',
    '/order/info',
    '/list/other/1/%E9%98',
    '/basic/x',
  ])('%s → not_found', (p) => {
    expect(resolvePath(p)).toEqual({ kind: 'not_found' });
    expect(matchRoute(p)).toBeUndefined();
  });
});

describe('params', () => {
  it('decodes Chinese params', () => {
    const m = matchRoute('/list/other/12/%E9%98%BF');
    expect(m?.def.name).toBe('list_other');
    expect(m?.params).toEqual({ id: '12', name: '阿' });
    expect(resolvePath('/list/other/12/%E9%98%BF').kind).toBe('render');
  });

  it('leaves missing optional params undefined and drops them from the canonical path', () => {
    const m = matchRoute('/list/other/12');
    expect(m?.params).toEqual({ id: '12', name: undefined });
    expect(resolvePath('/list/other/12').kind).toBe('render');
    expect(matchRoute('/ppzq')?.def.name).toBe('ppzq');
    expect(matchRoute('/ppzq/2')?.params).toEqual({ page: '2' });
    expect(matchRoute('/ppzq/info/3')?.params).toEqual({ id: '3', page: undefined });
    expect(matchRoute('/ppzq/info/3/4')).toMatchObject({
      def: { name: 'ppzq_info' },
      params: { id: '3', page: '4' },
    });
    expect(matchRoute('/Hdzx/1,2')?.params).toEqual({ ids: '1,2', id: undefined });
    expect(matchRoute('/kxzq/goods/u/a')?.params).toEqual({ url: 'u', ads: 'a' });
    expect(matchRoute('/yjh')?.def.name).toBe('yjh');
    expect(matchRoute('/news/info/5/hy')?.params).toEqual({ id: '5', type: 'hy' });
    expect(matchRoute('/news/hy/2')).toMatchObject({
      def: { name: 'news_hy_page' },
      params: { page: '2' },
    });
    expect(matchRoute('/news/company/3')).toMatchObject({
      def: { name: 'news_company_page' },
      params: { page: '3' },
    });
    expect(hrefFor('news_hy_page', { page: 2 })).toBe('/news/hy/2');
    expect(resolvePath('/news/hy/2').kind).toBe('render');
  });

  it('marks help and news pages as prerendered (their aliases must redirect, not rewrite)', () => {
    for (const p of [
      '/help',
      '/help/pay',
      '/help/zfps/ddzf',
      '/help/xrzn/hyzc',
      '/help/hidden/hmzn',
      '/news/hy',
      '/news/hy/2',
      '/news/info/a/hy',
    ]) {
      expect(matchRoute(p)?.def.prerendered, p).toBe(true);
    }
    for (const p of ['/', '/login', '/list', '/cart', '/404'])
      expect(matchRoute(p)?.def.prerendered, p).toBeUndefined();
    expect(resolvePath('/HELP/XRZN/HYZC')).toMatchObject({
      kind: 'rewrite',
      to: '/help/xrzn/hyzc',
    });
  });

  it('prefers specific routes to generic ones', () => {
    expect(matchRoute('/kxzq/new')?.def.name).toBe('kxzq_new');
    expect(matchRoute('/help/xrzn/hyzc')?.def.name).toBe('help_xrzn_hyzc');
    expect(matchRoute('/help/zfps/ddzf')?.def.name).toBe('help_zfps_ddzf');
    expect(matchRoute('/help/zfps/other')?.def.name).toBe('help_zfps');
    expect(matchRoute('/help/hidden/hmzn')).toMatchObject({
      def: { name: 'help_page' },
      params: { group: 'hidden', page: 'hmzn' },
    });
    expect(matchRoute('/list/table')?.def.name).toBe('list_table');
    expect(matchRoute('/loading/activity')?.def.name).toBe('loading_activity');
  });

  it('canonicalPath encodes params and rejects a missing required one', () => {
    expect(canonicalPath(def('list_other'), { id: '12', name: '阿' })).toBe(
      '/list/other/12/%E9%98%BF',
    );
    expect(canonicalPath(def('list_other'), { id: '12', name: '' })).toBe('/list/other/12');
    expect(canonicalPath(def('activity'), {})).toBe('/activity');
    expect(() => canonicalPath(def('list_info'), {})).toThrow();
  });
});

describe('titles', () => {
  it('formats the page title', () => {
    expect(SITE_TITLE).toBe('药批·医药批发采购平台');
    expect(pageTitle('收货地址')).toBe('收货地址 - 药批·医药批发采购平台');
    expect(pageTitle(def('zhzx_shdz').title)).toBe(`收货地址 - ${SITE_TITLE}`);
  });
});

describe('hrefFor', () => {
  it('builds canonical hrefs', () => {
    expect(hrefFor('index')).toBe('/');
    expect(hrefFor('zhzx_shdz')).toBe('/addr');
    expect(hrefFor('order_wddd_info', { id: 42 })).toBe('/order/info/42');
    expect(hrefFor('list_info', { id: 3 })).toBe('/list/info/3');
    expect(hrefFor('list_other', { id: 12, name: '阿' })).toBe('/list/other/12/%E9%98%BF');
    expect(hrefFor('ppzq')).toBe('/ppzq');
    expect(hrefFor('ppzq_info', { id: 1, page: 2 })).toBe('/ppzq/info/1/2');
    expect(hrefFor('search_index')).toBe('/search');
    expect(hrefFor('user_hyzx')).toBe('/user');
    expect(hrefFor('help_xrzn_hyzc')).toBe('/help/xrzn/hyzc');
  });

  it('gives the final target for redirect routes', () => {
    expect(hrefFor('register')).toBe('/register/step1');
    expect(hrefFor('order_wddd')).toBe('/order');
    expect(hrefFor('order_wddd_wl', { id: 5 })).toBe('/order/info/5');
    expect(hrefFor('eleven_index')).toBe('/');
  });

  it('accepts spec parent names and rejects unknown names', () => {
    expect(hrefFor('yx')).toBe('/yx');
    expect(hrefFor('list')).toBe('/list');
    expect(routeByName('yx')?.name).toBe('yx_index');
    expect(() => hrefFor('nope')).toThrow();
  });
});

describe('layout flags', () => {
  it('uses the login-style header on login, registration, password and pay-help pages', () => {
    for (const p of [
      '/login',
      '/register/step1',
      '/register/step2',
      '/register/step3',
      '/register/wechat',
      '/register/dd/step1',
      '/register/dd/step2',
      '/register/dd/step3',
      '/forget/step1',
      '/forget/step2',
      '/forget/step3',
      '/help/pay',
      '/help/zfps/ddzf',
      '/help/zfps/hwps',
      '/help/zfps/ypth',
    ]) {
      expect(matchRoute(p)?.def.authHeader, p).toBe(true);
    }
    for (const p of ['/', '/help', '/help/xrzn/hyzc', '/list', '/cart', '/user']) {
      expect(matchRoute(p)?.def.authHeader ?? false, p).toBe(false);
    }
  });

  it('/yx/rule has no chrome; others default to full chrome', () => {
    expect(def('yx_rule')).toMatchObject({ header: false, footer: false, sidebar: false });
    for (const r of ROUTES) {
      if (r.name === 'yx_rule') continue;
      expect(r.header ?? true, r.name).toBe(true);
      expect(r.footer ?? true, r.name).toBe(true);
      expect(r.sidebar ?? true, r.name).toBe(true);
    }
  });

  it('marks member-only screens', () => {
    for (const p of [
      '/user',
      '/user/draw',
      '/basic',
      '/addr',
      '/order',
      '/order/info/1',
      '/jfdd',
      '/hmdd',
      '/kjcg',
      '/pzqg',
      '/star',
      '/cart',
      '/cart/step2',
      '/cart/step3/1',
      '/cart/step4',
      '/wdqb',
      '/yegl',
      '/xjq',
      '/dzht',
    ]) {
      expect(matchRoute(p)?.def.requiresLogin, p).toBe(true);
    }
    for (const p of [
      '/',
      '/login',
      '/register/step1',
      '/list',
      '/list/info/1',
      '/search',
      '/help',
      '/404',
    ]) {
      expect(matchRoute(p)?.def.requiresLogin ?? false, p).toBe(false);
    }
  });

  it('some routes opt out of scroll restore, some zones have side nav or top-right ad', () => {
    expect(def('list_table').keepScroll).toBe(true);
    expect(def('search_table').keepScroll).toBe(true);
    expect(def('list_info').keepScroll ?? false).toBe(false);
    expect(ROUTES.some((r) => r.sideNav)).toBe(true);
    expect(ROUTES.some((r) => r.topRightAd)).toBe(true);
  });
});
