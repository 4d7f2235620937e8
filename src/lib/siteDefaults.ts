// What the operator can change in the shop's chrome (site_settings, hot_words, nav_links), as a new
// shop starts with it: the seed writes these rows, and prerendered pages (help, news), built
// without a database, show them. Everything else reads the database.

/** The site_settings rows by key, in the shape the header common response carries them. */
export interface SiteSettings {
  common_config: { hot_line: string; qq1: string; qq2: string };
  quality_inspection: { quality_inspection_url: string; msg: string };
  /** the operator's licences and filings, shown in the footer and on the qualifications page */
  operator: Record<string, string>;
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
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

/**
 * 对公转账: the shop's account shown on the pay page, and how many days an order waits for the
 * money once the buyer chose to transfer (the online timeout no longer applies to it). Stored
 * as the site_settings row `bank_transfer`; without an account number there is no transfer.
 */
export interface BankTransferSettings {
  account_name: string;
  bank_name: string;
  account_no: string;
  wait_days: number;
}

export const DEFAULT_BANK_TRANSFER: BankTransferSettings = {
  account_name: '武汉药批医药有限公司',
  bank_name: '中国工商银行武汉光谷支行',
  account_no: '3202 0012 0920 0123 456',
  wait_days: 3,
};

/** 热门搜索 under the search box. */
export const DEFAULT_HOT_WORDS: readonly string[] = [
  '阿莫西林',
  '连花清瘟',
  '布洛芬',
  '口罩',
  '黄芪',
  'amxl',
  '蒙脱石散',
  '三七粉',
  '血糖试纸',
  '感冒灵',
];

/** The header's main navigation (HEADER_NAV_MAX are shown). */
export const DEFAULT_NAV_LINKS: readonly { name: string; url: string }[] = [
  { name: '首页', url: '/' },
  { name: '优选专区', url: '/yx' },
  { name: '中药专区', url: '/zyyp' },
  { name: '器械专区', url: '/qxzq' },
  { name: '近效期专区', url: '/jxqzc' },
  { name: '品牌专区', url: '/ppzq' },
  { name: '每日特价', url: '/mrtj' },
  { name: '领券中心', url: '/lqzx' },
  { name: '积分商城', url: '/jfsc' },
];
