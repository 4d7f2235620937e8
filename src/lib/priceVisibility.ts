// Who may see prices (DOMAIN "Compliance on the page"): prescription drugs are never advertised
// with prices to the public, and registration is self-service, so only members whose
// qualifications an operator approved (is_passed) see prices. Everyone else sees what to do to get
// there. Every screen, API and shared page decides with this one rule.

/** visitor: not logged in; unapproved: a member whose store is not approved yet. */
export type PriceAudience = 'visitor' | 'unapproved' | 'approved';

/** What a reader who may not see prices is shown instead, and where to act on it. */
export interface HiddenPrice {
  text: string;
  href: string;
  /** the step the link leads to */
  action: string;
}

export const HIDDEN_PRICE: Readonly<Record<Exclude<PriceAudience, 'approved'>, HiddenPrice>> = {
  visitor: { text: '登录后可见价格', href: '/login', action: '去登录' },
  unapproved: { text: '审核通过后可见价格', href: '/zzzj', action: '上传资质证照' },
};

export function priceAudience(buyer: { isPassed: boolean } | null | undefined): PriceAudience {
  if (!buyer) return 'visitor';
  return buyer.isPassed ? 'approved' : 'unapproved';
}

/** null when the reader sees prices, else the placeholder to show instead. */
export function hiddenPrice(buyer: { isPassed: boolean } | null | undefined): HiddenPrice | null {
  const audience = priceAudience(buyer);
  return audience === 'approved' ? null : HIDDEN_PRICE[audience];
}
