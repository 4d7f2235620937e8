// Small numeric guards shared by the price engine's steps.

/** A finite number (quantities, prices and tier values arrive from forms and the API). */
export function isCount(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

export function sumBy<T>(items: readonly T[], pick: (item: T) => number): number {
  let s = 0;
  for (const item of items) s += pick(item);
  return s;
}
