// The settings an order is checked and priced by, read afresh inside its transaction (a switch a
// moment ago in another process applies) and in one statement.
import type { Tx } from '#/server/db/client.ts';
import { GSP_RULE_KEY, gspRuleOf, type GspRule } from '#/server/gsp/settings.ts';
import { WELFARE_RATE_KEY, welfareRateOf } from '#/server/promotions/welfare.ts';
import { settingValues } from '#/server/siteSettings/values.ts';

export interface OrderSettings {
  gspRule: GspRule;
  /** the welfare zone's rate as the price engine takes it (0.94) */
  welfareRate: number;
}

export async function orderSettings(tx: Tx): Promise<OrderSettings> {
  const values = await settingValues(tx, [GSP_RULE_KEY, WELFARE_RATE_KEY]);
  return {
    gspRule: gspRuleOf(values.get(GSP_RULE_KEY)),
    welfareRate: welfareRateOf(values.get(WELFARE_RATE_KEY)),
  };
}
