import { sql } from 'drizzle-orm';
import { getDb } from '#/server/db/client.ts';
import { rows } from '#/server/db/rows.ts';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { assertTestHooks } from '#/testing/hooks.ts';

const day = (column: string) =>
  sql.raw(`to_char(((${column} AT TIME ZONE 'UTC') + interval '8 hours')::date, 'YYYY-MM-DD')`);

// Each pre-summed table as kept, and as summed afresh from the orders, lines and page views.
const TABLES = {
  stores: {
    kept: sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, company_id AS key, orders, amount::bigint::text AS amount
      FROM report_store_days WHERE orders > 0`,
    live: sql`SELECT ${day('created_at')} AS day, company_id AS key, count(*)::int AS orders,
      sum(payable_amount)::bigint::text AS amount FROM orders WHERE status <> 'cancelled' GROUP BY 1, 2`,
  },
  goods: {
    kept: sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, goods_id AS key, units, lines, amount::bigint::text AS amount
      FROM report_goods_days WHERE lines > 0`,
    live: sql`SELECT ${day('o.created_at')} AS day, l.goods_id AS key, sum(l.number)::int AS units,
      count(*)::int AS lines, sum(l.amount - l.discount)::bigint::text AS amount
      FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status <> 'cancelled' GROUP BY 1, 2`,
  },
  goodsMonths: {
    kept: sql`SELECT to_char(month, 'YYYY-MM-DD') AS day, goods_id AS key, units, lines, amount::bigint::text AS amount
      FROM report_goods_months WHERE lines > 0`,
    live: sql`SELECT to_char(date_trunc('month', ((o.created_at AT TIME ZONE 'UTC') + interval '8 hours')), 'YYYY-MM-DD') AS day,
      l.goods_id AS key, sum(l.number)::int AS units, count(*)::int AS lines,
      sum(l.amount - l.discount)::bigint::text AS amount
      FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status <> 'cancelled' GROUP BY 1, 2`,
  },
  payments: {
    kept: sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, method AS key, orders, amount::bigint::text AS amount
      FROM report_payment_days`,
    live: sql`SELECT ${day('paid_at')} AS day, pay_method AS key, count(*)::int AS orders,
      sum(payable_amount)::bigint::text AS amount FROM orders
      WHERE pay_method IS NOT NULL AND paid_at IS NOT NULL GROUP BY 1, 2`,
  },
  visits: {
    kept: sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, account_id AS key, views FROM report_visit_days`,
    live: sql`SELECT ${day('at')} AS day, coalesce(account_id, 0) AS key, count(*)::int AS views
      FROM page_views WHERE ${day('at')} <= (SELECT to_char(through, 'YYYY-MM-DD') FROM report_rollups WHERE name = 'visits')
      GROUP BY 1, 2`,
  },
};

// Test hook (YAOPI_TEST_HOOKS=1 only): the reports' pre-summed tables next to the same sums made
// from the orders themselves, read in one snapshot, so a test can see they agree.
export const GET = api(async () => {
  assertTestHooks();
  const db = await getDb();
  const sorted = (r: { day: string; key: string | number }[]) =>
    r.sort((a, b) => a.day.localeCompare(b.day) || String(a.key).localeCompare(String(b.key)));
  const out = await db.transaction(
    async (tx) => {
      const both: Record<string, { kept: unknown[]; live: unknown[] }> = {};
      for (const [name, q] of Object.entries(TABLES))
        both[name] = { kept: sorted(await rows(tx, q.kept)), live: sorted(await rows(tx, q.live)) };
      return both;
    },
    { isolationLevel: 'repeatable read' },
  );
  return ok(out);
});
