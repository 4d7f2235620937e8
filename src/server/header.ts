import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { shopIso } from '#/lib/shopClock.ts';
import { getDb } from './db/client.ts';
import {
  ads,
  brands,
  categories,
  hotWords,
  navLinks,
  siteSettings,
  type Line,
} from './db/schema/index.ts';
import { HEADER_NAV_MAX } from '#/lib/constants.ts';
import {
  DEFAULT_HOT_WORDS,
  DEFAULT_NAV_LINKS,
  DEFAULT_SITE_SETTINGS,
  type SiteSettings,
} from '#/lib/siteDefaults.ts';
import { namedCache, tag } from './cache.ts';
import { showingNow } from './focus.ts';

export interface MenuCategory {
  id: number;
  name: string;
  logo1: string;
  children: MenuCategory[];
}

export interface NavItem {
  id: number;
  name: string;
  url: string;
  image: string;
  is_open: number;
  children: NavItem[];
}

/** The header common response of SPEC 3 (rnss, nav, category…, brand, site settings, timestamp). */
export interface HeaderCommon extends SiteSettings {
  rnss: string[];
  nav: NavItem[];
  category: MenuCategory[];
  category_yx: MenuCategory[];
  category_zy: MenuCategory[];
  category_qx: MenuCategory[];
  brand: { id: number; name: string; logo: string }[];
  top_ads: { url: string; image: string; title: string }[];
  /** the right toolbar's WeChat code (ad position `wechat`); null: the shop's default picture */
  wechat_qr: { image: string; title: string } | null;
  timestamp: string;
}

// The same answer for every visitor, so one copy per process, rebuilt every few seconds and when
// the site's content changes.
type Common = Omit<HeaderCommon, 'timestamp'>;
const commonCache = namedCache<{ common: Common; json: string }>('headerCommon', {
  ttlMs: 5000,
  maxEntries: 1,
});

function current(): Promise<{ common: Common; json: string }> {
  return commonCache.get('common', async () => {
    const common = await loadHeaderCommon();
    // `{"data":{…` without the closing braces: the timestamp is appended per request.
    return { common, json: JSON.stringify({ data: common }).slice(0, -2) };
  }, [tag.content]);
}

export async function headerCommon(): Promise<HeaderCommon> {
  return { ...(await current()).common, timestamp: shopIso(new Date()) };
}

/** The GET /api/focus/common body, serialised once per cache period (the hottest call of all). */
export async function headerCommonJson(): Promise<string> {
  return `${(await current()).json},"timestamp":${JSON.stringify(shopIso(new Date()))}}}`;
}

async function loadHeaderCommon(): Promise<Omit<HeaderCommon, 'timestamp'>> {
  const db = await getDb();
  const [words, nav, cats, brandRows, topAds, wechat, settings] = await Promise.all([
    db.select({ word: hotWords.word }).from(hotWords).orderBy(asc(hotWords.sort)),
    db
      .select()
      .from(navLinks)
      .where(isNull(navLinks.parentId))
      .orderBy(asc(navLinks.sort))
      .limit(HEADER_NAV_MAX),
    db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
    db
      .select({ id: brands.id, name: brands.name, logo: brands.logo })
      .from(brands)
      .orderBy(asc(brands.sort))
      .limit(40),
    db
      .select({ url: ads.url, image: ads.image, title: ads.title })
      .from(ads)
      .where(and(eq(ads.slot, 'top'), showingNow(new Date())))
      .orderBy(asc(ads.sort), asc(ads.id)),
    db
      .select({ image: ads.image, title: ads.title })
      .from(ads)
      .where(and(eq(ads.slot, 'wechat'), ne(ads.image, ''), showingNow(new Date())))
      .orderBy(asc(ads.sort), asc(ads.id))
      .limit(1),
    db.select().from(siteSettings),
  ]);
  const tree = (line: Line): MenuCategory[] => {
    const ofLine = cats.filter((c) => c.line === line);
    const node = (c: (typeof cats)[number]): MenuCategory => ({
      id: c.id,
      name: c.name,
      logo1: c.logo1,
      children: ofLine.filter((k) => k.parentId === c.id).map(node),
    });
    return ofLine.filter((c) => c.parentId === null).map(node);
  };
  // A key missing from site_settings shows empty rather than lib/siteDefaults: the footer must not
  // claim licence numbers the operator never entered.
  const setting = <K extends keyof SiteSettings>(key: K, unset: SiteSettings[K]): SiteSettings[K] =>
    (settings.find((s) => s.key === key)?.value as SiteSettings[K] | undefined) ?? unset;
  return {
    rnss: words.map((w) => w.word),
    nav: nav.map((n) => ({
      id: n.id,
      name: n.name,
      url: n.url,
      image: n.image,
      is_open: n.isOpen,
      children: [],
    })),
    category: tree('general'),
    category_yx: tree('yx'),
    category_zy: tree('zy'),
    category_qx: tree('qx'),
    brand: brandRows,
    top_ads: topAds,
    wechat_qr: wechat[0] ?? null,
    common_config: setting('common_config', { hot_line: '', qq1: '', qq2: '' }),
    quality_inspection: setting('quality_inspection', { quality_inspection_url: '', msg: '' }),
    operator: setting('operator', {}),
  };
}

/**
 * The header data for prerendered pages (help, news): built at build time without a database,
 * so it carries the defaults a new shop starts with (lib/siteDefaults) and no category menus.
 */
export function staticHeaderCommon(): HeaderCommon {
  return {
    rnss: [...DEFAULT_HOT_WORDS],
    nav: DEFAULT_NAV_LINKS.slice(0, HEADER_NAV_MAX).map((n, i) => ({
      id: i + 1,
      name: n.name,
      url: n.url,
      image: '',
      is_open: 0,
      children: [],
    })),
    category: [],
    category_yx: [],
    category_zy: [],
    category_qx: [],
    brand: [],
    top_ads: [],
    wechat_qr: null,
    ...DEFAULT_SITE_SETTINGS,
    timestamp: shopIso(new Date()),
  };
}
