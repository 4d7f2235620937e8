// The zone-goods desk on the wire: which page each zone is, its window's state, its goods.
import { fenToYuan } from '#/lib/money.ts';
import { shopIso } from '#/lib/shopClock.ts';
import type { ActivityKind } from '#/server/db/schema/index.ts';
import { windowState } from '#/server/marketing/window.ts';
import type { Zone, ZoneWithGoods } from './desk.ts';

/** What each kind of curated zone is called and where the shop shows it. */
export const ZONE_KIND: Record<ActivityKind, { label: string; where: string }> = {
  yjh: { label: '活动专区', where: '/yjh/{编号}' },
  hdzx: { label: '活动中心', where: '/Hdzx/{编号…}' },
  zqmb: { label: '专区模板', where: '/zqmb（第一个进行中的）' },
  hdmb: { label: '活动模板', where: '/hdmb（第一个进行中的）' },
  yyh: { label: '医生供药', where: '/yyh（第一个进行中的）' },
  group: { label: '团购', where: '/group/{编号}' },
  ab: { label: 'A/B 商品组', where: '/api/ab/AbGroupGoodsList?id={编号}' },
  xrtj: { label: '新人推荐', where: '/api/focus/xrtj（第一个进行中的，前8个）' },
};

export function presentZone(z: Zone) {
  return {
    id: z.id,
    kind: z.kind,
    kind_name: ZONE_KIND[z.kind].label,
    title: z.title,
    intro: z.intro,
    url: z.url,
    starts_at: shopIso(z.startsAt),
    ends_at: shopIso(z.endsAt),
    state: windowState(z),
    goods_count: z.goodsIds.length,
  };
}

export function presentZoneWithGoods(z: ZoneWithGoods) {
  return {
    ...presentZone(z),
    goods: z.goods.map((g) => ({
      id: g.id,
      code: g.code,
      name: g.name,
      spec: g.spec,
      manufacturer: g.sccj,
      approval_no: g.approvalNo,
      base_price: fenToYuan(g.basePrice),
      stock: g.stock,
      is_buy: g.isBuy ? 1 : 0,
    })),
  };
}
