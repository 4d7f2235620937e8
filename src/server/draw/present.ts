// The lucky draw's wire format (SPEC §7 draw calls).
import type { DrawActivityView } from '#/lib/draw.ts';
import { shopIso } from '#/lib/shopClock.ts';
import type { Activity, ActivityDetail } from './activities.ts';
import type { DrawOutcome } from './perform.ts';
import type { DrawRecord } from './records.ts';

const PHASE_CODE = { upcoming: 0, running: 1, ended: 2 } as const;

/** GET /api/draw/simple: is_join 0 = show the pop-up; visitors and members who joined get 1. */
export const presentPopup = (a: Activity | null, joined: boolean) => ({
  id: a?.id ?? null,
  is_join: a && !joined ? 0 : 1,
});

export function presentActivity(d: ActivityDetail): DrawActivityView {
  return {
    id: d.activity.id,
    name: d.activity.name,
    starts_at: shopIso(d.activity.startsAt),
    ends_at: shopIso(d.activity.endsAt),
    daily_limit: d.activity.dailyLimit,
    status: PHASE_CODE[d.phase],
    prizes: d.prizes.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind,
      remarks: p.remarks,
      sold_out: p.stock !== null && p.stock <= 0,
    })),
    remaining: d.remaining,
    is_join: d.joined ? 1 : 0,
  };
}

export const presentOutcome = (o: DrawOutcome) => ({
  id: o.recordId,
  activity_id: o.activityId,
  prize_id: o.prize.id,
  name: o.prize.name,
  kind: o.prize.kind,
  remarks: o.prize.remarks,
  remaining: o.remaining,
});

export const presentWinner = (w: {
  id: number;
  company: string;
  prize: string;
  createdAt: Date;
}) => ({
  id: w.id,
  name: w.company,
  prize: w.prize,
  created_at: shopIso(w.createdAt),
});

export const presentRecord = ({ record, activity }: { record: DrawRecord; activity: string }) => ({
  id: record.id,
  activity_id: record.activityId,
  activity_name: activity,
  name: record.name,
  kind: record.kind,
  remarks: record.remarks,
  created_at: shopIso(record.createdAt),
});

export const presentAd = (a: Activity) => ({
  id: a.id,
  title: a.name,
  url: '/user/draw',
  image: '',
  ends_at: shopIso(a.endsAt),
});
