import { CART_LINE_TYPES } from '#/lib/constants.ts';
import type { CartLineType } from './types.ts';

/** The API's line type code (1 = flash sale, 3 = combination, anything else = normal). */
export function lineTypeFromCode(code: number | string | null | undefined): CartLineType {
  const n = Number(code);
  if (n === CART_LINE_TYPES.flash) return 'flash';
  if (n === CART_LINE_TYPES.combination) return 'combination';
  return 'normal';
}
