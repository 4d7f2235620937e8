import { useId } from 'react';
import { checkQuantity, stepTypedQuantity, type QuantityRules } from '#/lib/pricing/quantity.ts';
import { QTY_ERROR_CLASS, QTY_FIELD, qtyFieldState } from '#/lib/quantityField.ts';

/**
 * The one quantity field (cart, detail, list buy controls, return form): − / typed text / +. What
 * is typed stays as typed; a quantity it cannot take is refused with the reason next to the field
 * (lib/pricing/quantity checkQuantity), and the owner submits nothing until it is valid, so the
 * number sent is the number shown.
 */
export default function QuantityInput({
  text,
  onText,
  rules,
  label,
  onCommit,
  onEnter,
  size = 'md',
  stepper = true,
}: {
  text: string;
  onText: (text: string) => void;
  rules: QuantityRules;
  /** accessible name of the field */
  label: string;
  /** a valid quantity the buyer settled on: leaving the field, Enter, − or + */
  onCommit?: (value: number) => void;
  /** Enter in the field, with a valid quantity (e.g. add to the cart) */
  onEnter?: (value: number) => void;
  size?: 'sm' | 'md';
  /** − and + buttons */
  stepper?: boolean;
}) {
  const errorId = useId();
  const check = checkQuantity(text, rules);
  const move = (dir: 1 | -1) => {
    const next = stepTypedQuantity(text, dir, rules);
    onText(String(next));
    if (checkQuantity(String(next), rules).ok) onCommit?.(next);
  };
  const { box, button: btn } = QTY_FIELD[size];
  return (
    <span className="inline-flex flex-col">
      <span className="inline-flex items-center">
        {stepper && (
          <button
            type="button"
            className={`${btn} border border-gray-300`}
            aria-label="减少"
            onClick={() => move(-1)}
          >
            −
          </button>
        )}
        <input
          className={`${box} border text-center ${qtyFieldState(check.ok)}`}
          inputMode="numeric"
          aria-label={label}
          aria-invalid={!check.ok}
          aria-describedby={check.ok ? undefined : errorId}
          value={text}
          onChange={(e) => onText(e.target.value)}
          onBlur={() => {
            if (check.ok) onCommit?.(check.value);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || !check.ok) return;
            onCommit?.(check.value);
            onEnter?.(check.value);
          }}
        />
        {stepper && (
          <button
            type="button"
            className={`${btn} border border-gray-300`}
            aria-label="增加"
            onClick={() => move(1)}
          >
            +
          </button>
        )}
      </span>
      {!check.ok && (
        <span id={errorId} role="alert" className={QTY_ERROR_CLASS} data-testid="quantity-error">
          {check.error}
        </span>
      )}
    </span>
  );
}
