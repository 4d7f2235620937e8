import { atom } from 'nanostores';
import { announce } from '#/client/events.ts';

// One queue of messages for the one dialog/toast host island.
export type NoticeKind = 'toast' | 'dialog' | 'timeout' | 'confirm';

export interface Notice {
  id: number;
  kind: NoticeKind;
  message: string;
  icon?: 'error' | 'success' | 'info';
  /** Extra action button on a dialog, e.g. 查看我的收藏. */
  action?: { label: string; href: string };
  onConfirm?: () => void;
  onCancel?: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
}

export const $notices = atom<Notice[]>([]);
let nextId = 1;

export function notify(notice: Omit<Notice, 'id'>): number {
  const id = nextId++;
  $notices.set([...$notices.get(), { ...notice, id }]);
  // The host island hydrates on its first message (client:event="notice").
  if (typeof window !== 'undefined') announce('notice');
  return id;
}

export function dismiss(id: number): void {
  $notices.set($notices.get().filter((n) => n.id !== id));
}

export const toast = (message: string, icon: Notice['icon'] = 'info') =>
  notify({ kind: 'toast', message, icon });
export const alertDialog = (
  message: string,
  extra: Partial<Omit<Notice, 'id' | 'kind' | 'message'>> = {},
) => notify({ kind: 'dialog', message, ...extra });

/** A promise-based confirm rendered by the host island (e.g. 确定删除该商品吗？). */
export function confirmDialog(
  message: string,
  labels: { confirm?: string; cancel?: string } = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    notify({
      kind: 'confirm',
      message,
      confirmLabel: labels.confirm ?? '确定',
      cancelLabel: labels.cancel ?? '取消',
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
