// The traceability codes (药品追溯码) scanned for a shipment: well-formed, never twice in one
// shipment or across the shop, and as many as the units shipped (or the whole cases).
import { inArray } from 'drizzle-orm';
import {
  acceptedCodeCounts,
  needsTraceCodes,
  repeatedCodes,
  TRACE_CODE_RE,
} from '#/lib/traceCodes.ts';
import type { Db, Tx } from '#/server/db/client.ts';
import { traceCodes } from '#/server/db/schema/index.ts';
import { invalid } from '#/server/errors.ts';

export type ScannedLine = {
  /** the form field of this line's codes, e.g. lines.0.codes */
  field: string;
  name: string;
  unit: string;
  units: number;
  codes: readonly string[];
  /** null for a 满赠 gift line (no goods of the shop's stock) */
  goods: { drugClass: string; caseQty: number } | null;
};

function checkCount(l: ScannedLine & { goods: NonNullable<ScannedLine['goods']> }): void {
  const counts = acceptedCodeCounts(l.units, l.goods.caseQty);
  const required = needsTraceCodes(l.goods.drugClass);
  if (!required && l.codes.length === 0) return;
  if (counts.includes(l.codes.length)) return;
  const cases = counts.length > 1 ? `（整件发货也可扫${counts[0]}个件码）` : '';
  throw invalid(
    l.field,
    `${l.name}发货${l.units}${l.unit}，需扫描${l.units}个追溯码${cases}，已扫描${l.codes.length}个`,
  );
}

/** Format, repeats within the request and counts; the shop-wide check is usedCodes. */
export function checkScannedCodes(lines: readonly ScannedLine[]): void {
  for (const l of lines) {
    const bad = l.codes.find((c) => !TRACE_CODE_RE.test(c));
    if (bad !== undefined) throw invalid(l.field, `追溯码${bad}格式不正确，应为20位数字`);
  }
  const twice = repeatedCodes(lines.flatMap((l) => l.codes));
  for (const l of lines) {
    const dup = l.codes.find((c) => twice.has(c));
    if (dup !== undefined) throw invalid(l.field, `追溯码${dup}重复扫描`);
  }
  for (const l of lines) {
    if (l.goods === null) {
      if (l.codes.length) throw invalid(l.field, `${l.name}为赠品，无需扫描追溯码`);
      continue;
    }
    checkCount({ ...l, goods: l.goods });
  }
}

/** Which of the codes some shipment already carries. */
export async function usedCodes(q: Db | Tx, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await q
    .select({ code: traceCodes.code })
    .from(traceCodes)
    .where(inArray(traceCodes.code, [...codes]));
  return rows.map((r) => r.code);
}

/** The 422 for a code already shipped, naming it and the field it was scanned into. */
export function codeInUse(lines: readonly ScannedLine[], used: readonly string[]) {
  const line = lines.find((l) => l.codes.some((c) => used.includes(c)));
  const code = line?.codes.find((c) => used.includes(c)) ?? used[0];
  return invalid(line?.field ?? 'lines', `追溯码${code}已在其他发货中使用，请核对`);
}
