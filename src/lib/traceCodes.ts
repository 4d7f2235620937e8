// 药品追溯码 (drug traceability codes): 20 digits, one per sales unit, or one per case when a line
// ships in whole cases. Pure and isomorphic: the shipping form counts and highlights with the same
// rules the server enforces.
import type { DrugClass } from './drugClass.ts';

export const TRACE_CODE_RE = /^\d{20}$/;

/** Classes that carry a 药品追溯码; herbs, devices (UDI) and health food do not. */
const TRACED: readonly string[] = ['rx', 'otc_a', 'otc_b'] satisfies DrugClass[];

export const needsTraceCodes = (drugClass: string): boolean => TRACED.includes(drugClass);

/** The codes typed or scanned into a field: one per line (or separated by spaces or commas). */
export function splitCodes(text: string): string[] {
  return text
    .split(/[\s,，]+/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/**
 * How many codes `units` shipped units need: one per unit, or one per case when the units are
 * whole cases of `caseQty` (then either count is accepted). Ascending, without repeats.
 */
export function acceptedCodeCounts(units: number, caseQty: number): number[] {
  if (caseQty > 1 && units > 0 && units % caseQty === 0) return [units / caseQty, units];
  return [units];
}

/** The codes that appear more than once in `codes`. */
export function repeatedCodes(codes: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const c of codes) (seen.has(c) ? twice : seen).add(c);
  return twice;
}
