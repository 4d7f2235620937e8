import type { Db } from '../client.ts';
import { ads, hotWords, navLinks, siteSettings } from '../schema/index.ts';
import { HOT_WORDS, NAV_LINKS } from './dictionaries.ts';

// The operator's licences as the footer and the site-qualifications page show them.
export const DEMO_SITE_SETTINGS = {
  common_config: { hot_line: '400-800-1234', qq1: '800012345', qq2: '800067890' },
  quality_inspection: { quality_inspection_url: '', msg: '质检报告请联系您的专属客服索取' },
  operator: {
    company: '武汉药批医药有限公司',
    drug_licence: '鄂AA0270001',
    internet_drug_info: '(鄂)-经营性-2026-0018',
    icp: '鄂ICP备2026001234号-1',
    police_filing: '42010602000123号',
    address: '武汉市东湖高新区光谷大道 88 号',
    email: 'service@yaopi.example',
  },
};

export async function seedContent(db: Db): Promise<void> {
  await db.insert(navLinks).values(NAV_LINKS.map((n, i) => ({ name: n.name, url: n.url, sort: i })));
  await db.insert(hotWords).values(HOT_WORDS.map((word, i) => ({ word, sort: i })));
  await db.insert(ads).values([
    { slot: 'top', title: '冬季呼吸道用药专场', url: '/list?select=呼吸系统', image: '/images/ads/top-1.svg', sort: 0 },
    { slot: 'top', title: '近效期特价专区', url: '/jxqzc', image: '/images/ads/top-2.svg', sort: 1 },
    { slot: 'top', title: '中药饮片 源头直采', url: '/zyyp', image: '/images/ads/top-3.svg', sort: 2 },
    { slot: 'right', title: '新人礼包', url: '/lqzx', image: '/images/ads/right-1.svg', sort: 0 },
    { slot: 'login', title: '药批 医药采购一站式平台', url: '/', image: '/images/ads/login.svg', sort: 0 },
  ]);
  await db.insert(siteSettings).values(Object.entries(DEMO_SITE_SETTINGS).map(([key, value]) => ({ key, value })));
}
