import { cachedBuyer, type BuyerCompany } from '#/server/eligibility.ts';
import { searchIndex } from '#/server/search/index.ts';

/** Who is looking: the buying company of the session, or null for a visitor. */
export async function buyerOf(
  user: { companyId: number } | null | undefined,
): Promise<BuyerCompany | null> {
  // Every catalogue screen passes here: start loading the search index before the first keystroke.
  searchIndex().catch(() => {});
  if (!user) return null;
  return cachedBuyer(user.companyId);
}
