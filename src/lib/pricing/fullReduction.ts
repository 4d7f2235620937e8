// 满减: spend a tier's amount, save its reduction; the highest tier reached applies.
import { isCount } from './numbers.ts';

export type FullReductionTier = { amountFen: number; reduceFen: number };
export type FullReductionTierStatus = FullReductionTier & {
  /** 1 = reached */
  status: 0 | 1;
  /** 0 when reached */
  shortByFen: number;
};
export type FullReductionResult = {
  /** reached tiers first (highest, i.e. the applied one, at index 0), then the rest ascending */
  tiers: FullReductionTierStatus[];
  /** the applicable reduction, never more than the subtotal */
  reduceFen: number;
  applied: FullReductionTier | null;
  /** the lowest tier not yet reached */
  next: (FullReductionTier & { shortByFen: number }) | null;
};

export type FullReductionActivity = {
  id: number | string;
  tiers: readonly FullReductionTier[];
  /** 'lines' (default): lines whose manjianId equals id; 'all': every counted line */
  scope?: 'lines' | 'all';
};

/** Tiers for a subtotal: "spend amountFen, save reduceFen"; reached when subtotal ≥ amountFen. */
export function fullReductionTiers(
  tiers: readonly FullReductionTier[],
  subtotalFen: number,
): FullReductionResult {
  const valid = tiers.filter(
    (t) => isCount(t.amountFen) && isCount(t.reduceFen) && t.amountFen >= 0 && t.reduceFen >= 0,
  );
  const marked: FullReductionTierStatus[] = valid.map((t) =>
    subtotalFen >= t.amountFen
      ? { amountFen: t.amountFen, reduceFen: t.reduceFen, status: 1, shortByFen: 0 }
      : {
          amountFen: t.amountFen,
          reduceFen: t.reduceFen,
          status: 0,
          shortByFen: t.amountFen - subtotalFen,
        },
  );
  const reached = marked
    .filter((t) => t.status === 1)
    .sort((a, b) => b.amountFen - a.amountFen || b.reduceFen - a.reduceFen);
  const open = marked
    .filter((t) => t.status === 0)
    .sort((a, b) => a.amountFen - b.amountFen || b.reduceFen - a.reduceFen);
  const top = reached[0];
  const first = open[0];
  return {
    tiers: [...reached, ...open],
    reduceFen: top ? Math.max(0, Math.min(top.reduceFen, subtotalFen)) : 0,
    applied: top ? { amountFen: top.amountFen, reduceFen: top.reduceFen } : null,
    next: first
      ? { amountFen: first.amountFen, reduceFen: first.reduceFen, shortByFen: first.shortByFen }
      : null,
  };
}
