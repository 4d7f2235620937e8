import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $notices, dismiss, type Notice } from '#/stores/notice.ts';

const TOAST_MS = 2500;

function Toast({ notice }: { notice: Notice }) {
  useEffect(() => {
    const t = setTimeout(() => dismiss(notice.id), TOAST_MS);
    return () => clearTimeout(t);
  }, [notice.id]);
  return (
    <div
      role="status"
      className="pointer-events-auto flex items-center gap-2 rounded bg-gray-800/90 px-4 py-3 text-white shadow-lg"
    >
      {notice.icon === 'error' && (
        <span
          aria-label="错误"
          data-icon="error"
          className="inline-flex h-5 w-5 items-center justify-center rounded-full bg-red-500 text-xs"
        >
          ✕
        </span>
      )}
      {notice.icon === 'success' && (
        <span
          aria-label="成功"
          data-icon="success"
          className="inline-flex h-5 w-5 items-center justify-center rounded-full bg-brand-500 text-xs"
        >
          ✓
        </span>
      )}
      <span>{notice.message}</span>
    </div>
  );
}

function Dialog({ notice }: { notice: Notice }) {
  const close = (confirmed: boolean) => {
    dismiss(notice.id);
    (confirmed ? notice.onConfirm : notice.onCancel)?.();
  };
  return (
    <div className="fixed inset-0 z-[100] flex items-center justify-center bg-black/40">
      <div
        role="dialog"
        aria-modal="true"
        aria-label="提示"
        className="w-80 rounded bg-white p-6 shadow-xl"
      >
        <p className="mb-6 text-base text-gray-800">{notice.message}</p>
        <div className="flex justify-end gap-3">
          {notice.kind === 'timeout' && (
            <button
              type="button"
              className="rounded bg-brand-500 px-4 py-1.5 text-white"
              onClick={() => location.reload()}
            >
              刷新页面
            </button>
          )}
          {notice.kind === 'confirm' && (
            <button
              type="button"
              className="rounded border px-4 py-1.5"
              onClick={() => close(false)}
            >
              {notice.cancelLabel ?? '取消'}
            </button>
          )}
          {notice.action && (
            <a
              className="rounded border border-brand-500 px-4 py-1.5 text-brand-600"
              href={notice.action.href}
            >
              {notice.action.label}
            </a>
          )}
          <button
            type="button"
            className="rounded bg-brand-500 px-4 py-1.5 text-white"
            onClick={() => close(true)}
          >
            {notice.kind === 'confirm'
              ? (notice.confirmLabel ?? '确定')
              : notice.kind === 'timeout'
                ? '关闭'
                : '确定'}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The one host for toasts and dialogs; every island reports through the notice store. */
export default function NoticeHost() {
  const notices = useStore($notices);
  const toasts = notices.filter((n) => n.kind === 'toast');
  const dialog = notices.find((n) => n.kind !== 'toast');
  return (
    <>
      <div className="pointer-events-none fixed left-1/2 top-24 z-[110] flex -translate-x-1/2 flex-col gap-2">
        {toasts.map((n) => (
          <Toast key={n.id} notice={n} />
        ))}
      </div>
      {dialog && <Dialog notice={dialog} />}
    </>
  );
}
