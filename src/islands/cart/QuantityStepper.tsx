import { useEffect, useState } from 'react';
import type { ApiCartLine } from '#/lib/cartLine.ts';
import { buyingRules, checkQuantity, type QuantityRules } from '#/lib/pricing/quantity.ts';
import QuantityInput from '../shared/QuantityInput.tsx';

/** What a cart line's quantity field takes: its goods' pack, stock and per-order limit. */
export function lineRules(line: ApiCartLine): QuantityRules {
  const g = line.goods;
  return buyingRules({
    stock: g.number,
    pack: g.inner_pack,
    mustMultiple: g.must_multiple,
    limit: g.purchase_limit,
    unit: g.bzdw,
  });
}

/**
 * A cart line's quantity: typing a valid quantity reprices the totals at once (onType); leaving
 * the field, Enter, − or + saves it (onSave). A quantity the line cannot take is refused with the
 * reason beside the field and is neither priced nor saved.
 */
export default function QuantityStepper({
  line,
  qty,
  onType,
  onSave,
}: {
  line: ApiCartLine;
  /** the quantity the line is priced at: the typed one while unsaved, else the saved one */
  qty: number;
  onType: (quantity: number) => void;
  onSave: (requested: number) => void;
}) {
  const rules = lineRules(line);
  const [text, setText] = useState(String(qty));
  // When the server answered (saved, kept less, or refused) the field shows what the line holds.
  useEffect(() => {
    setText((shown) => {
      const c = checkQuantity(shown, lineRules(line));
      return c.ok && c.value === qty ? shown : String(qty);
    });
  }, [qty, line]);
  return (
    <QuantityInput
      text={text}
      label="数量"
      rules={rules}
      onText={(t) => {
        setText(t);
        const c = checkQuantity(t, rules);
        if (c.ok) onType(c.value);
      }}
      onCommit={(value) => {
        if (value !== line.number) onSave(value);
      }}
    />
  );
}
