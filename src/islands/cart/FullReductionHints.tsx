import type { ApiActivity } from '#/lib/cartLine.ts';
import { fenToYuan } from '#/lib/money.ts';
import type { CartTotals } from '#/lib/pricing/totals.ts';

/** 满减 under the table: per activity the tier reached and what the next one needs. */
export default function FullReductionHints({
  results,
  activities,
}: {
  results: CartTotals['fullReductions'];
  activities: ApiActivity[] | undefined;
}) {
  if (results.length === 0) return null;
  return (
    <div className="mt-4 space-y-1 text-sm" data-testid="manjian-hints">
      {results.map((r) => {
        const name = activities?.find((a) => a.id === r.id)?.name;
        return (
          <p key={String(r.id)}>
            <span className="mr-2 bg-accent-500 px-1 text-xs text-white">满减</span>
            {name && <span className="mr-2 text-gray-600">{name}</span>}
            {r.applied
              ? `已满${fenToYuan(r.applied.amountFen)}元，减${fenToYuan(r.applied.reduceFen)}元`
              : '未满足满减条件'}
            {r.next && (
              <>
                <span className="ml-2 text-accent-500">
                  再买{fenToYuan(r.next.shortByFen)}元可减{fenToYuan(r.next.reduceFen)}元
                </span>
                <a
                  href={`/list?manjian=${r.id}`}
                  className="ml-2 text-brand-700 hover:underline"
                  data-testid="manjian-more"
                >
                  去凑单 ›
                </a>
              </>
            )}
          </p>
        );
      })}
    </div>
  );
}
