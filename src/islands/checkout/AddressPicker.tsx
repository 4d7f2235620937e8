import type { AddressView } from '#/lib/apiTypes.ts';

export default function AddressPicker({
  addresses,
  selectedId,
  onSelect,
}: {
  addresses: AddressView[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <section>
      <h2 className="mb-2 text-base font-bold">收货地址</h2>
      {addresses.length === 0 && (
        <p>
          还没有收货地址，
          <a className="text-brand-600" href="/addr">
            去添加
          </a>
        </p>
      )}
      <div className="grid grid-cols-3 gap-3">
        {addresses.map((a) => (
          <label
            key={a.id}
            className={`cursor-pointer border p-3 ${selectedId === a.id ? 'border-accent-500' : ''}`}
          >
            <input
              type="radio"
              name="address"
              className="mr-2"
              checked={selectedId === a.id}
              onChange={() => onSelect(a.id)}
            />
            <b>{a.consignee}</b> {a.phone}
            <br />
            {a.full_address}
          </label>
        ))}
      </div>
    </section>
  );
}
