// The look of the one quantity field, shared by the React field (islands/shared/QuantityInput)
// and the list's plain-HTML buy controls (components/goodsCardHtml.ts, client/buyControls.ts), so
// a field looks and reads the same whichever draws it.
import { nextFieldId } from './fieldIds.ts';
import { attr, text } from './html.ts';
import type { QuantityCheck } from './pricing/quantity.ts';

export const QTY_FIELD = {
  sm: { box: 'h-6 w-12 text-xs', button: 'h-6 w-6' },
  md: { box: 'h-8 w-16 text-sm', button: 'h-8 w-8' },
} as const;

/** The field's frame: grey when the quantity can be taken, red when it is refused. */
export const qtyFieldState = (ok: boolean) => (ok ? 'border-gray-300' : 'border-red-500 bg-red-50');

export const QTY_ERROR_CLASS = 'mt-0.5 text-xs text-red-600';

/** The plain-HTML field's add button (list buy controls, detail buy box), idle and adding. */
export const ADD_TO_CART = '加入购物车';
export const ADDING_TO_CART = '加入中…';

/**
 * The field as plain HTML (the list's buy controls, the detail page's buy box): − / the typed
 * text / +, and the reason a quantity is refused, as the React field draws them;
 * client/quantityField.ts shows later checks on it.
 */
export function quantityFieldHtml(o: {
  size: keyof typeof QTY_FIELD;
  /** the field's accessible name */
  label: string;
  value: string;
  check: QuantityCheck;
  /** the reason's id, where the page has one such field (else one made unique in the process) */
  errorId?: string;
}): string {
  const { box, button } = QTY_FIELD[o.size];
  const errorId = o.check.ok ? undefined : (o.errorId ?? nextFieldId('qty-s'));
  const error = o.check.ok
    ? ''
    : `<span id="${errorId}" role="alert" class="${QTY_ERROR_CLASS}" data-testid="quantity-error">${text(o.check.error)}</span>`;
  return `<span class="inline-flex flex-col"><span class="inline-flex items-center"><button type="button" class="${button} border border-gray-300" aria-label="减少" data-step="-1">−</button><input class="${box} border text-center ${qtyFieldState(o.check.ok)}" inputmode="numeric" aria-label="${attr(o.label)}" aria-invalid="${o.check.ok ? 'false' : 'true'}"${errorId ? ` aria-describedby="${errorId}"` : ''} value="${attr(o.value)}" data-qty><button type="button" class="${button} border border-gray-300" aria-label="增加" data-step="1">+</button></span>${error}</span>`;
}
