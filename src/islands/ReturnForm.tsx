import { useEffect, useState } from 'react';
import { api, ApiAborted, ApiError } from '#/client/api.ts';
import { checkQuantity, type QuantityRules } from '#/lib/pricing/quantity.ts';
import { toast } from '#/stores/notice.ts';
import QuantityInput from './shared/QuantityInput.tsx';

const stop = (e: unknown) => {
  if (e instanceof ApiError || e instanceof ApiAborted) return;
  throw e;
};

type Line = {
  id: number;
  name: string;
  ypgg: string;
  bzdw: string;
  number: number;
  returned: number;
};

/** A line's return quantity: whole units, none up to what is still returnable. */
const returnRules = (l: Line): QuantityRules => {
  const max = Math.max(0, l.number - l.returned);
  return {
    min: 0,
    pack: 1,
    unit: l.bzdw,
    caps: [{ max, reason: max > 0 ? `最多可退${max}${l.bzdw}` : '该商品已无可退数量' }],
  };
};

const MAX_PHOTOS = 6;
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Return / after-sales request: choose lines and quantities, give a reason, attach photos. */
export default function ReturnForm({
  orderId,
  kind,
  lines,
}: {
  orderId: number;
  kind: 'return' | 'after_sales';
  lines: Line[];
}) {
  const [qty, setQty] = useState<Record<number, string>>({});
  const checks = lines.map((l) => ({ l, c: checkQuantity(qty[l.id] ?? '0', returnRules(l)) }));
  const invalid = checks.some(({ c }) => !c.ok);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  const [previews, setPreviews] = useState<string[]>([]);
  useEffect(() => {
    const urls = photos.map((f) => URL.createObjectURL(f));
    setPreviews(urls);
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, [photos]);
  const pick = (list: FileList | null) => {
    const files = [...(list ?? [])];
    // The server checks the content; these checks only spare a pointless upload.
    if (files.some((f) => !/^image\/(jpeg|png)$/.test(f.type))) {
      toast('照片仅支持 JPG、PNG 格式');
      return;
    }
    if (files.some((f) => f.size > MAX_PHOTO_BYTES)) {
      toast('每张照片不能超过5MB');
      return;
    }
    if (photos.length + files.length > MAX_PHOTOS) {
      toast(`最多上传${MAX_PHOTOS}张照片`);
      return;
    }
    setPhotos((p) => [...p, ...files]);
  };
  const submit = async () => {
    // Only quantities the fields took are sent, exactly as shown.
    if (invalid) {
      toast('请先改正标红的数量');
      return;
    }
    const chosen = checks.flatMap(({ l, c }) =>
      c.ok && c.value > 0 ? [{ id: l.id, number: c.value }] : [],
    );
    if (chosen.length === 0) {
      toast('请选择要退的商品和数量');
      return;
    }
    if (reason.trim().length < 2) {
      toast('请填写退货原因');
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('kind', kind);
      form.append('reason', reason);
      chosen.forEach((l, i) => {
        form.append(`lines[${i}][id]`, String(l.id));
        form.append(`lines[${i}][number]`, String(l.number));
      });
      for (const f of photos) form.append('photos', f);
      await api.upload(`/api/order/${orderId}/return`, form);
      toast('申请已提交，请等待审核', 'success');
      location.reload();
    } catch (e) {
      setBusy(false);
      stop(e);
    }
  };
  return (
    <div className="space-y-3 text-sm">
      <table className="w-full">
        <thead className="bg-gray-50 text-gray-600">
          <tr>
            <th className="p-2 text-left">商品</th>
            <th className="p-2">购买数量</th>
            <th className="p-2">可退数量</th>
            <th className="p-2">申请数量</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => {
            const max = l.number - l.returned;
            return (
              <tr key={l.id} className="border-b">
                <td className="p-2">
                  {l.name} <span className="text-gray-500">{l.ypgg}</span>
                </td>
                <td className="p-2 text-center">
                  {l.number}
                  {l.bzdw}
                </td>
                <td className="p-2 text-center">{max}</td>
                <td className="p-2 text-center">
                  {max > 0 ? (
                    <QuantityInput
                      text={qty[l.id] ?? '0'}
                      onText={(t) => setQty((q) => ({ ...q, [l.id]: t }))}
                      rules={returnRules(l)}
                      label={`${l.name}退货数量`}
                      stepper={false}
                    />
                  ) : (
                    <span className="text-gray-400">已无可退</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <label className="block">
        <span className="font-bold">{kind === 'return' ? '退货原因' : '售后原因'}</span>
        <textarea
          className="mt-1 w-full border p-2"
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="如：包装破损、批号不符、近效期…"
        />
      </label>
      <div>
        <span className="font-bold">照片</span>
        <span className="ml-2 text-gray-500">JPG、PNG，每张不超过5MB，最多{MAX_PHOTOS}张</span>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          {previews.map((u, i) => (
            <div key={u} className="relative">
              <img src={u} alt={`照片${i + 1}`} className="h-20 w-20 border object-cover" />
              <button
                type="button"
                aria-label={`删除照片${i + 1}`}
                className="absolute right-0 top-0 bg-black/60 px-1 text-white"
                onClick={() => setPhotos((p) => p.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </div>
          ))}
          {photos.length < MAX_PHOTOS && (
            <label className="flex h-20 w-20 cursor-pointer items-center justify-center border border-dashed text-gray-500">
              + 添加
              <input
                type="file"
                accept="image/jpeg,image/png"
                multiple
                className="sr-only"
                aria-label="上传照片"
                onChange={(e) => {
                  pick(e.target.files);
                  e.target.value = '';
                }}
              />
            </label>
          )}
        </div>
      </div>
      <button
        type="button"
        disabled={busy || invalid}
        onClick={() => void submit()}
        className="bg-accent-500 px-8 py-2 text-white disabled:opacity-50"
      >
        提交申请
      </button>
    </div>
  );
}
