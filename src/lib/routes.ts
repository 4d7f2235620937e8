/**
 * The route table (SPEC §2) and the pure helpers that read it.
 *
 * Isomorphic: imported by the middleware (aliases → rewrite, spec redirects → redirect,
 * unknown → /404), by layouts (chrome flags, page title) and by islands (hrefFor).
 *
 * Conventions
 * - `path` is the spec path (`:id` a param, `:page?` an optional one); `aliases` are further
 *   spellings of the same page. The *canonical* path — where the page file lives and what
 *   `hrefFor` produces — is the first alias if there is one, else `path`.
 * - Chrome flags default to true (`header`, `footer`, `sidebar`); `authHeader: true` means the
 *   header that is shown is the login-style one (AuthLayout) instead of the shop header.
 * - `keepScroll: true` opts the route out of scroll restore.
 * - Matching is case-sensitive first; a case-insensitive pass follows (the old client router
 *   was case-insensitive), and such a hit resolves as a rewrite to the canonical spelling.
 * - Every redirect answers 302 (never cached by browsers); query strings are the caller's
 *   business (append `url.search` to `to`).
 */

export interface RouteDef {
  /** route name: spec names where given, otherwise snake_case from the path */
  name: string;
  /** spec path pattern: `:id` param, `:page?` optional param */
  path: string;
  /** Chinese title; the document title is `pageTitle(title)` */
  title: string;
  /** further paths for the same page; the first one is canonical */
  aliases?: string[];
  /** target path (may reuse this route's params); followed to the end of the chain */
  redirect?: string;
  /** default true */
  header?: boolean;
  /** default true */
  footer?: boolean;
  /** right toolbar; default true */
  sidebar?: boolean;
  /** login-style header instead of the shop header */
  authHeader?: boolean;
  /** true = opt out of scroll restore on route change */
  keepScroll?: boolean;
  /** member-only screen */
  requiresLogin?: boolean;
  /** zone shows a side navigation */
  sideNav?: boolean;
  /** zone shows a top-right ad */
  topRightAd?: boolean;
  /**
   * The page is static HTML built ahead (help, news). Other spellings of it redirect to the
   * canonical path instead of rewriting: a rewrite cannot reach a prerendered page at request time.
   */
  prerendered?: boolean;
}

export const SITE_TITLE = '药批·医药批发采购平台';

export function pageTitle(title: string): string {
  return `${title} - ${SITE_TITLE}`;
}

const NO_CHROME = { header: false, footer: false, sidebar: false } as const;
const AUTH = { authHeader: true } as const;
const MEMBER = { requiresLogin: true } as const;
const STATIC = { prerendered: true } as const;

/** Table order matters: the first match wins, so specific routes precede generic ones. */
export const ROUTES: readonly RouteDef[] = [
  // ── General ───────────────────────────────────────────────────────────────
  { name: 'index', path: '/', title: '首页' },
  { name: 'login', path: '/login', title: '会员登录', ...AUTH },
  { name: 'logout', path: '/logout', title: '安全退出' },
  { name: 'loading', path: '/loading', title: '加载中' },
  { name: 'loading_activity', path: '/loading/activity', title: '活动加载中' },
  { name: 'not_found', path: '/404', title: '页面不存在' },
  { name: 'no_activity', path: '/noActivity', title: '活动不存在' },
  {
    name: 'activity',
    path: '/activity/:url?/:url1?/:url2?',
    title: '活动',
    redirect: '/loading/activity',
  },
  { name: 'eleven_index', path: '/eleven_index', title: '主站首页', redirect: '/' },
  { name: 'jfsc', path: '/jfsc', title: '积分商城' },
  { name: 'group', path: '/group', title: '团购专区' },
  { name: 'group_info', path: '/group/:id', title: '团购详情' },

  // ── Goods ─────────────────────────────────────────────────────────────────
  { name: 'list_index', path: '/list', title: '商品列表', keepScroll: true },
  { name: 'list_table', path: '/list/table', title: '商品列表', keepScroll: true },
  { name: 'list_no_image', path: '/list/no_image', title: '商品列表', keepScroll: true },
  { name: 'list_info', path: '/list/info/:id', title: '商品详情' },
  { name: 'list_other', path: '/list/other/:id/:name?', title: '药品列表', keepScroll: true },
  { name: 'search_index', path: '/search', title: '商品搜索', keepScroll: true },
  { name: 'search_table', path: '/search/table', title: '商品搜索', keepScroll: true },
  { name: 'yx_index', path: '/yx', title: '包邮专区', keepScroll: true },
  { name: 'yx_table', path: '/yx/table', title: '包邮专区', keepScroll: true },
  { name: 'yx_rule', path: '/yx/rule', title: '优选规则', ...NO_CHROME },
  { name: 'zyyp', path: '/zyyp', title: '中药专区', sideNav: true },
  { name: 'qxzq', path: '/qxzq', title: '器械专区', sideNav: true },

  // ── Cart and checkout ─────────────────────────────────────────────────────
  { name: 'cart', path: '/cart', title: '购物车', ...MEMBER },
  { name: 'cart_step2', path: '/cart/step2', title: '确认订单信息', ...MEMBER },
  { name: 'cart_step3', path: '/cart/step3/:id', title: '支付订单', ...MEMBER },
  { name: 'cart_step4', path: '/cart/step4', title: '支付完成', ...MEMBER },
  { name: 'cart_hm', path: '/cart/hm', title: '支付订单', ...MEMBER },

  // ── Member centre and wallet ──────────────────────────────────────────────
  { name: 'user_hyzx', path: '/user', title: '会员中心', ...MEMBER },
  { name: 'user_draw', path: '/user/draw', title: '抽奖记录', ...MEMBER },
  { name: 'wdqb', path: '/wdqb', title: '我的钱包', ...MEMBER },
  { name: 'yegl', path: '/yegl', title: '余额管理', ...MEMBER },
  { name: 'zqgl', path: '/zqgl', title: '账期管理', ...MEMBER },
  { name: 'jfgl', path: '/jfgl', title: '积分管理', ...MEMBER },
  { name: 'yhq', path: '/yhq', title: '优惠券', ...MEMBER },
  { name: 'xjq', path: '/xjq', title: '现金券', ...MEMBER },

  // ── Account centre /zhzx ──────────────────────────────────────────────────
  { name: 'zhzx', path: '/zhzx', title: '账户中心', redirect: '/basic', ...MEMBER },
  { name: 'zhzx_jcxx', path: '/zhzx_jcxx', title: '基础信息', redirect: '/basic', ...MEMBER },
  { name: 'jcxx_index', path: '/jcxx_index', aliases: ['/basic'], title: '基础信息', ...MEMBER },
  { name: 'jcxx_zzzj', path: '/jcxx_zzzj', aliases: ['/zzzj'], title: '资质证件', ...MEMBER },
  { name: 'zhzx_ddgl', path: '/zhzx_ddgl', aliases: ['/ddgl'], title: '多店管理', ...MEMBER },
  { name: 'zhzx_bdwx', path: '/zhzx_bdwx', aliases: ['/bdwx'], title: '绑定微信', ...MEMBER },
  { name: 'zhzx_shdz', path: '/zhzx_shdz', aliases: ['/addr'], title: '收货地址', ...MEMBER },
  { name: 'zhzx_wdxx', path: '/zhzx_wdxx', aliases: ['/wdxx'], title: '我的消息', ...MEMBER },
  {
    name: 'zhzx_BclassLog',
    path: '/zhzx_BclassLog',
    aliases: ['/bclassLog'],
    title: '乙类管理',
    ...MEMBER,
  },
  { name: 'dzht', path: '/dzht', title: '电子合同', ...MEMBER },

  // ── Order centre /order ───────────────────────────────────────────────────
  { name: 'order_wddd', path: '/order_wddd', title: '我的订单', redirect: '/order', ...MEMBER },
  {
    name: 'order_wddd_index',
    path: '/order_wddd_index',
    aliases: ['/order'],
    title: '我的订单',
    ...MEMBER,
  },
  {
    name: 'order_wddd_info',
    path: '/order_wddd_info/:id',
    aliases: ['/order/info/:id'],
    title: '订单详情',
    ...MEMBER,
  },
  {
    // 随货同行单 of one shipment, printable (not a spec route: the delivery note the buyer files).
    name: 'order_wddd_note',
    path: '/order_wddd_note/:id/:sid',
    aliases: ['/order/info/:id/note/:sid'],
    title: '随货同行单',
    ...MEMBER,
  },
  {
    // 含麻 receipt slip of one order, printable (not a spec route: the buyer signs and returns it).
    name: 'order_wddd_slip',
    path: '/order_wddd_slip/:id',
    aliases: ['/order/info/:id/slip'],
    title: '含麻黄碱类药品购进回执单',
    ...MEMBER,
  },
  {
    name: 'order_wddd_returnInfo',
    path: '/order_wddd_returnInfo/:id',
    aliases: ['/order/returnInfo/:id'],
    title: '退货详情',
    ...MEMBER,
  },
  {
    name: 'order_wddd_afterSalesInfo',
    path: '/order_wddd_afterSalesInfo/:id',
    aliases: ['/order/afterSalesInfo/:id'],
    title: '售后详情',
    ...MEMBER,
  },
  {
    name: 'order_wddd_wl',
    path: '/order_wddd_wl/:id',
    aliases: ['/order/wl/:id'],
    title: '物流详情',
    redirect: '/order/info/:id',
    ...MEMBER,
  },
  { name: 'order_jfdd', path: '/order_jfdd', aliases: ['/jfdd'], title: '积分订单', ...MEMBER },
  { name: 'order_hmdd', path: '/order_hmdd', title: '含麻订单', redirect: '/hmdd', ...MEMBER },
  {
    name: 'order_hmdd_index',
    path: '/order_hmdd_index',
    aliases: ['/hmdd'],
    title: '含麻订单',
    ...MEMBER,
  },

  // ── Self-service /zzfw ────────────────────────────────────────────────────
  { name: 'zzfw', path: '/zzfw', title: '自助服务', redirect: '/kjcg', ...MEMBER },
  { name: 'kjcg', path: '/kjcg', title: '快捷采购', ...MEMBER },
  { name: 'pzqg', path: '/pzqg', title: '品种求购', ...MEMBER },
  { name: 'pzqg_add', path: '/pzqg/add', title: '添加求购', ...MEMBER },
  { name: 'pzqg_info', path: '/pzqg/info', title: '求购详情', ...MEMBER },
  { name: 'dzfp', path: '/dzfp', title: '电子发票', ...MEMBER },
  { name: 'zjbg', path: '/zjbg', title: '质检报告与首营资料', ...MEMBER },
  { name: 'star', path: '/star', title: '我的收藏', ...MEMBER },
  { name: 'yjfk', path: '/yjfk', title: '意见反馈', ...MEMBER },

  // ── Registration and password ─────────────────────────────────────────────
  { name: 'register', path: '/register', title: '会员注册', redirect: '/register_index', ...AUTH },
  {
    name: 'register_index',
    path: '/register_index',
    title: '会员注册',
    redirect: '/register/step1',
    ...AUTH,
  },
  { name: 'register_step1', path: '/register/step1', title: '会员注册 - 填写账号信息', ...AUTH },
  { name: 'register_step2', path: '/register/step2', title: '会员注册 - 填写企业信息', ...AUTH },
  { name: 'register_step3', path: '/register/step3', title: '会员注册 - 注册成功', ...AUTH },
  { name: 'register_wechat', path: '/register/wechat', title: '微信注册', ...AUTH },
  {
    name: 'register_dd_step1',
    path: '/register/dd/step1',
    title: '会员注册 - 填写账号信息',
    ...AUTH,
  },
  {
    name: 'register_dd_step2',
    path: '/register/dd/step2',
    title: '会员注册 - 填写企业信息',
    ...AUTH,
  },
  { name: 'register_dd_step3', path: '/register/dd/step3', title: '会员注册 - 注册成功', ...AUTH },
  { name: 'forget', path: '/forget', title: '找回密码', redirect: '/forget/step1', ...AUTH },
  { name: 'forget_step1', path: '/forget/step1', title: '找回密码 - 验证身份', ...AUTH },
  { name: 'forget_step2', path: '/forget/step2', title: '找回密码 - 重置密码', ...AUTH },
  { name: 'forget_step3', path: '/forget/step3', title: '找回密码 - 重置成功', ...AUTH },

  // ── Zones and promotions ──────────────────────────────────────────────────
  { name: 'ppzq_info', path: '/ppzq/info/:id/:page?', title: '品牌详情', topRightAd: true },
  { name: 'ppzq', path: '/ppzq/:page?', title: '品牌专区', topRightAd: true },
  { name: 'yjh', path: '/yjh/:id?', title: '活动专区' },
  { name: 'hdzx', path: '/Hdzx/:ids/:id?', title: '活动中心', sideNav: true },
  { name: 'kxzq', path: '/kxzq', title: '控销专区', topRightAd: true },
  { name: 'kxzq_new', path: '/kxzq/new', title: '控销新品', topRightAd: true },
  { name: 'kxzq_goods', path: '/kxzq/goods/:url/:ads?', title: '控销商品', topRightAd: true },
  { name: 'jxqzc', path: '/jxqzc', title: '近效期专场', sideNav: true },
  { name: 'hb', path: '/hb', title: '满额返现', topRightAd: true },
  { name: 'welfare', path: '/welfare', title: '全场9.4折', topRightAd: true },
  { name: 'mrtj', path: '/mrtj', title: '每日特价', topRightAd: true },
  { name: 'zhzq', path: '/zhzq', title: '组合购' },
  { name: 'lqzx', path: '/lqzx', title: '领券中心' },
  { name: 'zqmb', path: '/zqmb', title: '专区活动' },
  { name: 'yyh', path: '/yyh', title: '医生供药' },
  { name: 'yyh_list', path: '/yyh/list', title: '医生供药 - 商品列表', keepScroll: true },
  { name: 'hdmb', path: '/hdmb', title: '活动专题' },

  // ── Help and news ─────────────────────────────────────────────────────────
  { name: 'help', path: '/help', title: '帮助中心', ...STATIC },
  { name: 'help_pay', path: '/help/pay', title: '支付配送', ...AUTH, ...STATIC },
  { name: 'help_zfps_ddzf', path: '/help/zfps/ddzf', title: '订单支付', ...AUTH, ...STATIC },
  { name: 'help_zfps_hwps', path: '/help/zfps/hwps', title: '货物配送', ...AUTH, ...STATIC },
  { name: 'help_zfps_ypth', path: '/help/zfps/ypth', title: '药品退换', ...AUTH, ...STATIC },
  { name: 'help_zfps', path: '/help/zfps/:page', title: '支付配送', ...AUTH, ...STATIC },
  { name: 'help_xrzn_hyzc', path: '/help/xrzn/hyzc', title: '会员注册', ...STATIC },
  { name: 'help_xrzn_gwzn', path: '/help/xrzn/gwzn', title: '购物指南', ...STATIC },
  { name: 'help_xrzn_aqgy', path: '/help/xrzn/aqgy', title: '安全购药', ...STATIC },
  { name: 'help_fwbz_wzzz', path: '/help/fwbz/wzzz', title: '网站资质', ...STATIC },
  { name: 'help_fwbz_yhxy', path: '/help/fwbz/yhxy', title: '用户协议', ...STATIC },
  { name: 'help_fwbz_zskf', path: '/help/fwbz/zskf', title: '专属客服', ...STATIC },
  { name: 'help_us_tsjy', path: '/help/us/tsjy', title: '投诉建议', ...STATIC },
  { name: 'help_us_link', path: '/help/us/link', title: '联系我们', ...STATIC },
  { name: 'help_page', path: '/help/:group/:page', title: '帮助中心', ...STATIC },
  { name: 'news_hy', path: '/news/hy', title: '行业资讯', ...STATIC },
  // Further list pages are path segments, not ?page=, so that they can be prerendered.
  { name: 'news_hy_page', path: '/news/hy/:page', title: '行业资讯', ...STATIC },
  { name: 'news_company', path: '/news/company', title: '公司新闻', ...STATIC },
  { name: 'news_company_page', path: '/news/company/:page', title: '公司新闻', ...STATIC },
  { name: 'news_info', path: '/news/info/:id/:type', title: '资讯详情', ...STATIC },
];

/** Names of parent routes in the spec that have no page of their own → their default child. */
const NAME_ALIASES: Readonly<Record<string, string>> = {
  list: 'list_index',
  search: 'search_index',
  yx: 'yx_index',
  user: 'user_hyzx',
  home: 'index',
};

// ── Pattern compilation ─────────────────────────────────────────────────────

interface Compiled {
  keys: string[];
  exact: RegExp;
  loose: RegExp;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(pattern: string): Compiled {
  const keys: string[] = [];
  let src = '';
  for (const seg of pattern.split('/').filter((s) => s !== '')) {
    const param = /^:([A-Za-z_][A-Za-z0-9_]*)(\?)?$/.exec(seg);
    if (param) {
      keys.push(param[1] ?? '');
      src += param[2] ? '(?:/([^/]+))?' : '/([^/]+)';
    } else {
      src += '/' + escapeRegExp(seg);
    }
  }
  const body = `^${src === '' ? '/' : src}$`;
  return { keys, exact: new RegExp(body), loose: new RegExp(body, 'i') };
}

const COMPILED: ReadonlyMap<RouteDef, readonly Compiled[]> = new Map(
  ROUTES.map((def) => [def, [def.path, ...(def.aliases ?? [])].map(compile)] as const),
);

const BY_NAME: ReadonlyMap<string, RouteDef> = new Map(ROUTES.map((def) => [def.name, def]));

// ── Public helpers ──────────────────────────────────────────────────────────

export interface RouteMatch {
  def: RouteDef;
  params: Record<string, string | undefined>;
}

export type Resolution =
  | { kind: 'render'; match: RouteMatch }
  | { kind: 'rewrite'; to: string; match: RouteMatch }
  | { kind: 'redirect'; to: string; status: 301 | 302 }
  | { kind: 'not_found' };

export function routeByName(name: string): RouteDef | undefined {
  return BY_NAME.get(name) ?? BY_NAME.get(NAME_ALIASES[name] ?? '');
}

/** Fills `:param` / `:param?` in a pattern; optional empty params are dropped. */
function fill(pattern: string, params: Record<string, string | undefined>): string {
  const out: string[] = [];
  for (const seg of pattern.split('/').filter((s) => s !== '')) {
    const param = /^:([A-Za-z_][A-Za-z0-9_]*)(\?)?$/.exec(seg);
    if (!param) {
      out.push(seg);
      continue;
    }
    const key = param[1] ?? '';
    const value = params[key];
    if (value === undefined || value === '') {
      if (param[2]) continue;
      throw new Error(`route ${pattern}: missing param "${key}"`);
    }
    out.push(encodeURIComponent(value));
  }
  return '/' + out.join('/');
}

/** Where the page file lives: the first alias if any, else the path, params filled in. */
export function canonicalPath(
  def: RouteDef,
  params: Record<string, string | undefined> = {},
): string {
  return fill(def.aliases?.[0] ?? def.path, params);
}

function normalise(pathname: string): string {
  let p = pathname.startsWith('/') ? pathname : '/' + pathname;
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

function tryMatch(pathname: string, loose: boolean): RouteMatch | undefined | null {
  for (const def of ROUTES) {
    for (const c of COMPILED.get(def) ?? []) {
      const m = (loose ? c.loose : c.exact).exec(pathname);
      if (!m) continue;
      const params: Record<string, string | undefined> = {};
      for (const [i, key] of c.keys.entries()) {
        const raw = m[i + 1];
        if (raw === undefined) {
          params[key] = undefined;
          continue;
        }
        try {
          params[key] = decodeURIComponent(raw);
        } catch {
          return null; // malformed percent-encoding: no page
        }
      }
      return { def, params };
    }
  }
  return undefined;
}

/** Matches path and aliases, first hit in table order; trailing slash tolerated; params decoded. */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const p = normalise(pathname);
  const exact = tryMatch(p, false);
  if (exact === null) return undefined;
  return exact ?? tryMatch(p, true) ?? undefined;
}

const MAX_REDIRECTS = 10;

export function resolvePath(pathname: string): Resolution {
  const match = matchRoute(pathname);
  if (!match) return { kind: 'not_found' };
  if (match.def.redirect === undefined) {
    const to = canonicalPath(match.def, match.params);
    return to === pathname ? { kind: 'render', match } : { kind: 'rewrite', to, match };
  }
  // Follow the redirect chain to its final page.
  let current = match;
  let to = pathname;
  for (let hop = 0; hop < MAX_REDIRECTS && current.def.redirect !== undefined; hop++) {
    to = fill(current.def.redirect, current.params);
    const next = matchRoute(to);
    if (!next) return { kind: 'redirect', to, status: 302 };
    current = next;
  }
  if (current.def.redirect === undefined) to = canonicalPath(current.def, current.params);
  return { kind: 'redirect', to, status: 302 };
}

/** Canonical href for a route name; redirect routes give their final target. */
export function hrefFor(name: string, params: Record<string, string | number> = {}): string {
  const def = routeByName(name);
  if (!def) throw new Error(`unknown route name "${name}"`);
  const strParams: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) strParams[k] = String(v);
  const href = canonicalPath(def, strParams);
  if (def.redirect === undefined) return href;
  const res = resolvePath(href);
  return res.kind === 'redirect' ? res.to : href;
}
