// Prize picking for the lucky draw, pure so that it can be tested with a seeded random.

export interface Pickable {
  id: number;
  weight: number;
  /** null = unlimited */
  stock: number | null;
}

/** Prizes that can still be won: positive weight and stock left. */
export function available<T extends Pickable>(prizes: readonly T[]): T[] {
  return prizes.filter((p) => p.weight > 0 && (p.stock === null || p.stock > 0));
}

/**
 * Picks one prize with probability weight / Σweight among the available ones; `random` returns
 * a float in [0, 1). Null when nothing can be won any more.
 */
export function pickPrize<T extends Pickable>(
  prizes: readonly T[],
  random: () => number,
): T | null {
  const pool = available(prizes);
  const total = pool.reduce((s, p) => s + p.weight, 0);
  if (total <= 0) return null;
  let ticket = Math.floor(random() * total);
  for (const p of pool) {
    if (ticket < p.weight) return p;
    ticket -= p.weight;
  }
  return pool[pool.length - 1] ?? null;
}

/** Masks a winner's company name for the public list: 武汉仁心大药房 → 武汉***药房. */
export function maskName(name: string): string {
  // A branch in brackets (武汉仁心大药房（光谷店）) would leave its closing bracket at the end.
  const chars = [...name.replace(/\s*[（(][^（()）]*[)）]\s*$/u, '').trim()];
  if (chars.length <= 2) return (chars[0] ?? '') + '*';
  if (chars.length <= 4) return chars[0] + '*'.repeat(chars.length - 2) + chars[chars.length - 1];
  return chars.slice(0, 2).join('') + '***' + chars.slice(-2).join('');
}
