import { fenToYuan } from '#/lib/money.ts';
import LineHints from './LineHints.tsx';
import LineInfo from './LineInfo.tsx';
import QuantityStepper from './QuantityStepper.tsx';
import type { CartRowModel } from './useCart.ts';

export default function CartRow({
  row: { line, priced, quantity },
  welfareLabel,
  onSelect,
  onType,
  onSave,
  onRemove,
}: {
  row: CartRowModel;
  /** the welfare rate as buyers read it (94折) */
  welfareLabel: string;
  onSelect: (on: boolean) => void;
  onType: (quantity: number) => void;
  onSave: (requested: number) => void;
  onRemove: () => void;
}) {
  return (
    <tr className="border-b" data-line-id={line.id} data-goods-id={line.goods.id}>
      <td className="p-2 text-center">
        <input
          type="checkbox"
          aria-label={`选择${line.goods.name}`}
          checked={line.is_selected === 1}
          disabled={!priced.available}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td className="p-2">
        <LineInfo line={line} welfareLabel={welfareLabel} />
      </td>
      <td className="p-2 text-center">¥{fenToYuan(priced.unitPriceFen)}</td>
      <td className="p-2 text-center">
        <QuantityStepper line={line} qty={quantity} onType={onType} onSave={onSave} />
        <LineHints line={line} qty={quantity} />
      </td>
      <td className="p-2 text-center font-medium text-accent-500">
        ¥{fenToYuan(priced.amountFen)}
      </td>
      <td className="p-2 text-center">
        <button type="button" className="text-gray-500 hover:text-red-600" onClick={onRemove}>
          删除
        </button>
      </td>
    </tr>
  );
}
