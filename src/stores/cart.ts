import { atom } from 'nanostores';

/** Number of lines in the cart, for the header badge and the toolbar. null until loaded. */
export const $cartCount = atom<number | null>(null);
/** Set whenever the cart changes; the drawer and the cart page refresh on it. */
export const $cartChanged = atom(0);

export function markCartChanged(count?: number): void {
  if (count !== undefined) $cartCount.set(count);
  $cartChanged.set($cartChanged.get() + 1);
}
