// The inboxes' rows as the back office shows them (and its API sends them).
import { presentWanted } from '#/server/selfservice/present.ts';
import { shopIso } from '#/lib/shopClock.ts';
import type { FeedbackInboxRow } from './feedback.ts';
import type { WantedInboxRow } from './wanted.ts';

export const presentWantedInbox = (r: WantedInboxRow) => ({
  ...presentWanted(r.request),
  company: r.companyName,
  arrived_goods: r.request.arrivedGoodsId
    ? { id: r.request.arrivedGoodsId, name: r.goodsName ?? '' }
    : null,
  replied_at: shopIso(r.request.repliedAt),
});

export const presentFeedbackInbox = (r: FeedbackInboxRow) => ({
  id: r.feedback.id,
  content: r.feedback.content,
  contact: r.feedback.contact,
  username: r.username,
  company: r.companyName ?? '',
  reply: r.feedback.reply,
  replied_at: shopIso(r.feedback.repliedAt),
  created_at: shopIso(r.feedback.createdAt),
});
