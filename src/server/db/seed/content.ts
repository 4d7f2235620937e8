import type { Db } from '#/server/db/client.ts';
import { ads, hotWords, navLinks, siteSettings } from '#/server/db/schema/index.ts';
import {
  DEFAULT_BANK_TRANSFER,
  DEFAULT_HOT_WORDS,
  DEFAULT_NAV_LINKS,
  DEFAULT_SITE_SETTINGS,
} from '#/lib/siteDefaults.ts';

export async function seedContent(db: Db): Promise<void> {
  await db
    .insert(navLinks)
    .values(DEFAULT_NAV_LINKS.map((n, i) => ({ name: n.name, url: n.url, sort: i })));
  await db.insert(hotWords).values(DEFAULT_HOT_WORDS.map((word, i) => ({ word, sort: i })));
  await db.insert(ads).values([
    {
      slot: 'top',
      title: '冬季呼吸道用药专场',
      url: '/list?select=呼吸系统',
      image: '',
      sort: 0,
    },
    {
      slot: 'top',
      title: '近效期特价专区',
      url: '/jxqzc',
      image: '',
      sort: 1,
    },
    {
      slot: 'top',
      title: '中药饮片 源头直采',
      url: '/zyyp',
      image: '',
      sort: 2,
    },
    { slot: 'right', title: '新人礼包', url: '/lqzx', image: '', sort: 0 },
    {
      slot: 'login',
      title: '药批 医药采购一站式平台',
      url: '/',
      image: '',
      sort: 0,
    },
  ]);
  await db
    .insert(siteSettings)
    .values([
      ...Object.entries(DEFAULT_SITE_SETTINGS).map(([key, value]) => ({ key, value })),
      { key: 'bank_transfer', value: DEFAULT_BANK_TRANSFER },
    ]);
}
