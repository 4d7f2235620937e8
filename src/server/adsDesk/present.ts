// The ads desk's ads on the wire (GET/POST /api/admin/ads…) and the state the desk shows.
import type { Ad } from './ads.ts';
import { shopIso } from '#/lib/shopClock.ts';

export type AdState = 'showing' | 'off' | 'scheduled' | 'ended';

export const AD_STATE_LABEL: Record<AdState, string> = {
  showing: '展示中',
  off: '已停用',
  scheduled: '未开始',
  ended: '已结束',
};

export function adState(ad: Pick<Ad, 'enabled' | 'startsAt' | 'endsAt'>, now: Date): AdState {
  if (!ad.enabled) return 'off';
  if (ad.startsAt && ad.startsAt > now) return 'scheduled';
  if (ad.endsAt && ad.endsAt <= now) return 'ended';
  return 'showing';
}

export const presentAd = (ad: Ad, now = new Date()) => ({
  id: ad.id,
  slot: ad.slot,
  title: ad.title,
  url: ad.url,
  image: ad.image,
  sort: ad.sort,
  enabled: ad.enabled ? 1 : 0,
  starts_at: shopIso(ad.startsAt),
  ends_at: shopIso(ad.endsAt),
  state: adState(ad, now),
});
