// The look of the one quantity field, shared by the React field (islands/shared/QuantityInput)
// and the list's plain-HTML buy controls (components/goodsCardHtml.ts, client/buyControls.ts), so
// a field looks and reads the same whichever draws it.

export const QTY_FIELD = {
  sm: { box: 'h-6 w-12 text-xs', button: 'h-6 w-6' },
  md: { box: 'h-8 w-16 text-sm', button: 'h-8 w-8' },
} as const;

/** The field's frame: grey when the quantity can be taken, red when it is refused. */
export const qtyFieldState = (ok: boolean) => (ok ? 'border-gray-300' : 'border-red-500 bg-red-50');

export const QTY_ERROR_CLASS = 'mt-0.5 text-xs text-red-600';
