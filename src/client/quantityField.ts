// The plain-HTML quantity field (lib/quantityField's look; the list's buy controls and the detail
// page's buy box) shown as the React field shows a check: the frame's colour, aria-invalid, and
// the reason under the field, tied to it by aria-describedby.
import { nextFieldId } from '#/lib/fieldIds.ts';
import type { QuantityCheck } from '#/lib/pricing/quantity.ts';
import { QTY_ERROR_CLASS, qtyFieldState } from '#/lib/quantityField.ts';

const [VALID, INVALID] = [qtyFieldState(true), qtyFieldState(false)].map((s) => s.split(' '));

/** `input` sits in the field's two spans (− input +, then the reason): see goodsCardHtml. */
export function showQuantityCheck(input: HTMLInputElement, check: QuantityCheck): void {
  input.classList.remove(...VALID!, ...INVALID!);
  input.classList.add(...(check.ok ? VALID! : INVALID!));
  input.setAttribute('aria-invalid', String(!check.ok));
  const field = input.closest('span')!.parentElement!;
  let error = field.querySelector<HTMLElement>('[data-testid="quantity-error"]');
  if (check.ok) {
    error?.remove();
    input.removeAttribute('aria-describedby');
    return;
  }
  if (!error) {
    error = document.createElement('span');
    error.id = nextFieldId('qty-c');
    error.setAttribute('role', 'alert');
    error.className = QTY_ERROR_CLASS;
    error.dataset['testid'] = 'quantity-error';
    field.append(error);
  }
  error.textContent = check.error;
  input.setAttribute('aria-describedby', error.id);
}
