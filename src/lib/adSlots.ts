// The ad positions (ads.slot) the editor fills, where each shows and the picture size it wants.
// Uploaded pictures are scaled to fit `width` × `height` (twice the size shown, for high-density
// screens) and shown cropped to the box.
export interface AdSlot {
  key: string;
  label: string;
  where: string;
  width: number;
  height: number;
  /** how many the screen shows; more are kept but not shown */
  shown: number;
}

export const AD_SLOTS: readonly AdSlot[] = [
  {
    key: 'top',
    label: '首页轮播',
    where: '首页分类菜单右侧的轮播图，每5秒切换',
    width: 1500,
    height: 576,
    shown: 8,
  },
  {
    key: 'focus',
    label: '首页专区入口',
    where: '首页轮播下方的一排专区入口（近效期、9.4折、组合购等）',
    width: 360,
    height: 144,
    shown: 4,
  },
  {
    key: 'right',
    label: '首页右栏',
    where: '首页右栏登录框下方',
    width: 448,
    height: 280,
    shown: 2,
  },
  {
    key: 'wechat',
    label: '工具栏微信二维码',
    where: '每个页面右侧工具栏「微信关注」弹出的二维码，标题作说明文字',
    width: 256,
    height: 256,
    shown: 1,
  },
  {
    key: 'post',
    label: '活动专区右上角',
    where: '满额返现、每日特价、全场9.4折、专区活动页的右上角',
    width: 512,
    height: 120,
    shown: 2,
  },
  {
    key: 'kxzq',
    label: '控销专区右上角',
    where: '控销专区、控销新品页的右上角',
    width: 512,
    height: 120,
    shown: 2,
  },
  {
    key: 'ppzq',
    label: '品牌专区右上角',
    where: '品牌专区、品牌详情页的右上角',
    width: 512,
    height: 120,
    shown: 2,
  },
  {
    key: 'demo',
    label: '近效期专场',
    where: '近效期专场的推荐位（/api/focus/demo）',
    width: 600,
    height: 240,
    shown: 4,
  },
  {
    key: 'login',
    label: '登录页',
    where: '登录页登录框左侧的大图，有链接时可点击；无图不展示（/api/focus/login）',
    width: 1200,
    height: 800,
    shown: 1,
  },
];

export const adSlotOf = (key: string): AdSlot | undefined => AD_SLOTS.find((s) => s.key === key);
