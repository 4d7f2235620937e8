import { useState } from 'react';
import { api, ApiAborted, ApiError } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';

const MAX_BYTES = 4 * 1024 * 1024;

/** Uploads the signed receipt slip of an ephedrine order (jpg, png or pdf). */
export default function SlipUpload({
  orderId,
  again = false,
}: {
  orderId: number;
  again?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      toast('文件不能超过4MB');
      return;
    }
    setBusy(true);
    const dataUrl = await new Promise<string>((resolve, reject) => {
      const r = new FileReader();
      r.onload = () => resolve(String(r.result));
      r.onerror = () => reject(r.error);
      r.readAsDataURL(file);
    });
    try {
      await api.post(`/api/order/${orderId}/slip`, { file: dataUrl });
      toast('回执单已上传', 'success');
      location.reload();
    } catch (e) {
      setBusy(false);
      if (!(e instanceof ApiError || e instanceof ApiAborted)) throw e;
    }
  };
  return (
    <label className="cursor-pointer border px-3 py-1 text-sm">
      {busy ? '上传中…' : again ? '重新上传回执单' : '上传签字回执单'}
      <input
        type="file"
        accept="image/jpeg,image/png,application/pdf"
        className="hidden"
        disabled={busy}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
    </label>
  );
}
