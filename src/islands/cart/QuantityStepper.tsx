import type { ApiCartLine } from '#/lib/cartLine.ts';

/**
 * − / typed quantity / +: a click or leaving the field saves (snapped to the inner pack, stock
 * and limits); typing only updates the draft the totals are priced from.
 */
export default function QuantityStepper({
  line,
  qty,
  onType,
  onSave,
}: {
  line: ApiCartLine;
  qty: number;
  onType: (quantity: number) => void;
  onSave: (requested: number) => void;
}) {
  const step = line.goods.must_multiple ? line.goods.inner_pack : 1;
  return (
    <div className="inline-flex items-center">
      <button
        type="button"
        className="h-7 w-7 border"
        aria-label="减少"
        onClick={() => onSave(qty - step)}
      >
        −
      </button>
      <input
        aria-label="数量"
        className="h-7 w-16 border-y text-center"
        inputMode="numeric"
        value={qty}
        onChange={(e) => onType(Number(e.target.value.replace(/\D/g, '')) || 0)}
        onBlur={(e) => onSave(Number(e.target.value) || 1)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
        }}
      />
      <button
        type="button"
        className="h-7 w-7 border"
        aria-label="增加"
        onClick={() => onSave(qty + step)}
      >
        +
      </button>
    </div>
  );
}
