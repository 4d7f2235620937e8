// Money: integer fen inside the code, a "12.30" string across the API.
// Any computation that produces a fraction of a fen floors (SPEC 5: round down to 2 decimals).
//
// Parsing policy: `yuanToFen` RETURNS NULL for anything it cannot read exactly (NaN, negative,
// more than 2 decimals, exponent notation, beyond Number.MAX_SAFE_INTEGER fen). Use
// `yuanToFenStrict` where bad input is a programming error (seeds, fixtures): it throws.
//
// Pure and isomorphic: no imports.

const YUAN_RE = /^(\d+)(?:\.(\d{1,2}))?$/;
const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;

/**
 * "12.3" | "12.30" | "12" | 12.3 → 1230. Exact (string digits, no float multiplication).
 * Leading/trailing whitespace is ignored. Returns null for: non-numbers, NaN/Infinity,
 * negatives, more than 2 decimals ("12.300", 0.1 + 0.2), exponent notation, unsafe sizes.
 */
export function yuanToFen(input: string | number): number | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    text = String(input); // shortest round-trip form: 12.3 → "12.3", 1e21 → "1e+21" (rejected)
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  const m = YUAN_RE.exec(text);
  if (!m) return null;
  const whole = m[1] ?? '0';
  const frac = (m[2] ?? '').padEnd(2, '0');
  const fen = Number(whole) * 100 + Number(frac);
  return Number.isSafeInteger(fen) ? fen : null;
}

/** Like `yuanToFen` but throws a RangeError instead of returning null. */
export function yuanToFenStrict(input: string | number): number {
  const fen = yuanToFen(input);
  if (fen === null) throw new RangeError(`不是有效的金额: ${String(input)}`);
  return fen;
}

/**
 * Floors a (possibly fractional) fen amount to an integer fen.
 * A value within 1e-6 of an integer is taken as that integer, so float drift such as
 * 0.29 * 100 = 28.999999999999996 gives 29, not 28. Throws on NaN/Infinity.
 */
export function floorFen(x: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`金额无效: ${String(x)}`);
  const r = Math.round(x);
  const v = Math.abs(x - r) < 1e-6 ? r : Math.floor(x);
  return v === 0 ? 0 : v; // no -0
}

/** 1230 → "12.30"; -5 → "-0.05". A fractional input is floored first. */
export function fenToYuan(fen: number): string {
  const f = floorFen(fen);
  const sign = f < 0 ? '-' : '';
  const abs = Math.abs(f);
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${yuan}.${cents < 10 ? '0' : ''}${cents}`;
}

/**
 * A yuan string with its thousands grouped for reading, "130259.50" → "130,259.50": the back
 * office's amounts (orders, payments, credit, reports), which run to six digits and more. Wire
 * values and form fields keep the plain form; anything that is not a yuan string comes back as is.
 */
export function groupYuan(yuan: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(yuan);
  if (!m) return yuan;
  return `${m[1]}${(m[2] ?? '').replace(/\B(?=(\d{3})+$)/g, ',')}${m[3] ?? ''}`;
}

/** 1230 → "¥12.30"; -1230 → "-¥12.30". */
export function formatPrice(fen: number): string {
  const s = fenToYuan(fen);
  return s.startsWith('-') ? `-¥${s.slice(1)}` : `¥${s}`;
}

/** A decimal rate (0.94, "0.94", 1, 0.945) as an exact fraction numerator/denominator. */
function rateFraction(rate: number | string): { num: bigint; den: bigint } {
  let text: string;
  if (typeof rate === 'number') {
    if (!Number.isFinite(rate) || rate < 0) throw new RangeError(`折扣率无效: ${String(rate)}`);
    text = String(rate);
    if (/e/i.test(text)) text = rate.toFixed(15).replace(/\.?0+$/, '');
  } else {
    text = rate.trim();
  }
  const m = DECIMAL_RE.exec(text);
  if (!m) throw new RangeError(`折扣率无效: ${String(rate)}`);
  const frac = m[2] ?? '';
  return { num: BigInt((m[1] ?? '0') + frac), den: 10n ** BigInt(frac.length) };
}

/**
 * fen × rate, floored, computed in exact integer arithmetic: applyRate(1999, 0.94) = 1879
 * (1999 × 94 / 100 = 1879.06). `fen` must be a non-negative safe integer; `rate` ≥ 0,
 * given as a number or decimal string.
 */
export function applyRate(fen: number, rate: number | string): number {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`金额无效: ${String(fen)}`);
  const { num, den } = rateFraction(rate);
  return Number((BigInt(fen) * num) / den); // non-negative → bigint division is floor
}

/** unit price × quantity, both integers; throws if the result is not a safe integer. */
export function mulFen(unitFen: number, quantity: number): number {
  const v = unitFen * quantity;
  if (!Number.isSafeInteger(v)) throw new RangeError(`金额超出范围: ${unitFen} × ${quantity}`);
  return v;
}

/** Sum of integer fen amounts. */
export function sumFen(amounts: readonly number[]): number {
  let total = 0;
  for (const a of amounts) total += a;
  return total;
}

/**
 * Splits totalFen over the weights in proportion: every share but the last is floored, the last
 * takes the remainder, so the shares always add up to totalFen. When the weights sum to 0 the
 * last share takes it all. Exact integer arithmetic; `totalFen` and the weights must be
 * non-negative safe integers.
 */
export function allocate(totalFen: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalFen) || totalFen < 0)
    throw new RangeError(`金额无效: ${String(totalFen)}`);
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError(`分摊权重无效: ${weights.join(',')}`);
  const sum = weights.reduce((s, w) => s + BigInt(w), 0n);
  let given = 0;
  return weights.map((w, i) => {
    if (i === weights.length - 1) return totalFen - given;
    const share = sum > 0n ? Number((BigInt(totalFen) * BigInt(w)) / sum) : 0;
    given += share;
    return share;
  });
}
