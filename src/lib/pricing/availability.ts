// SPEC 4: which lines can be bought now; the others cannot stay selected.
import type { CartLine } from './types.ts';

/** Buyable and in stock (a combination: every item buyable with stock for one pack). */
export function isLineAvailable(line: CartLine): boolean {
  if (line.type === 'combination') {
    const items = line.combination.items;
    return (
      items.length > 0 &&
      items.every((i) => i.goods.isBuy && i.goods.stock >= Math.max(1, i.number))
    );
  }
  return line.goods.isBuy && line.goods.stock > 0;
}

/** SPEC 4: selection resets to unselected when the goods cannot be bought or has no stock. */
export function normalizeSelection<L extends CartLine>(line: L): L {
  return line.selected && !isLineAvailable(line) ? { ...line, selected: false } : line;
}

export function normalizeCart<L extends CartLine>(lines: readonly L[]): L[] {
  return lines.map((l) => normalizeSelection(l));
}
