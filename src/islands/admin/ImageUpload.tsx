import { type SubmitEvent, useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';
import { StaffForm } from './StaffForm.tsx';

/**
 * A picture upload (multipart `file`, JPG/PNG/WebP) to `action`: says it is done and reloads, so
 * the screen shows the stored picture. A refusal has been shown by the API client already.
 */
export function ImageUpload(props: {
  action: string;
  /** the size rule shown under the control */
  note?: string;
  label?: string;
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const upload = async (e: SubmitEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await api.upload(props.action, new FormData(e.currentTarget as HTMLFormElement));
      toast('图片已上传', 'success');
      location.reload();
    } catch (error) {
      setBusy(false);
      ignoreHandled(error);
    }
  };
  return (
    <StaffForm
      onSubmit={(e) => void upload(e)}
      aria-label={props.label ?? '上传图片'}
      className="flex flex-wrap items-center gap-2 text-sm"
    >
      <input
        type="file"
        name="file"
        accept="image/jpeg,image/png,image/webp"
        aria-label="选择图片"
        className="max-w-60 text-xs"
        required
      />
      <button
        type="submit"
        disabled={busy || props.disabled}
        className="h-8 rounded bg-brand-600 px-4 text-white hover:bg-brand-700 disabled:opacity-50"
      >
        上传
      </button>
      {props.note && <p className="basis-full text-xs text-gray-500">{props.note}</p>}
    </StaffForm>
  );
}
