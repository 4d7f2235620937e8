import { type SubmitEvent, useState } from 'react';
import { api, ApiAborted, ApiError } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';
import { StaffForm } from './StaffForm.tsx';

const MAX_BYTES = 10 * 1024 * 1024;
const box = 'h-7 rounded border border-gray-300 px-1';

/**
 * Uploads a GSP document (PDF or image) to `action`: a goods' document or the shop's own (with a
 * kind and an optional validity date), or a lot's test report (file only).
 */
export default function DocumentUpload(props: {
  action: string;
  /** the kinds to choose from; none for a lot's report */
  kinds?: { value: string; label: string }[];
  /** accessible name of the form, e.g. "批号 B2301 药检报告" */
  label: string;
  button: string;
}) {
  const [busy, setBusy] = useState(false);
  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0 || file.size > MAX_BYTES) {
      toast(file instanceof File && file.size > 0 ? '文件不能超过10MB' : '请选择要上传的文件');
      return;
    }
    setBusy(true);
    try {
      await api.upload(props.action, form);
      toast('资料已上传', 'success');
      location.reload();
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError || error instanceof ApiAborted)) throw error;
    }
  };
  return (
    <StaffForm
      onSubmit={submit}
      aria-label={props.label}
      className="flex flex-wrap items-center gap-1"
    >
      {props.kinds && (
        <>
          <select name="kind" aria-label="资料类型" required className={box}>
            {props.kinds.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
          <label className="flex items-center gap-1">
            有效期至
            <input type="date" name="valid_until" className={box} title="留空表示长期有效" />
          </label>
        </>
      )}
      <input
        type="file"
        name="file"
        required
        aria-label="文件"
        accept=".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/*"
        className="h-7 w-52 text-xs"
      />
      <button
        type="submit"
        disabled={busy}
        className="h-7 rounded bg-brand-600 px-3 text-white disabled:opacity-50"
      >
        {props.button}
      </button>
    </StaffForm>
  );
}
