import { api } from '#/client/api.ts';
import { confirmDialog } from '#/stores/notice.ts';
import { useStaffPost } from './useStaffPost.ts';

/** An ad row's order and removal: move it up or down in its position, or delete it after asking. */
export function AdActions(props: { id: number; title: string; first: boolean; last: boolean }) {
  const { busy, post, act } = useStaffPost();
  const path = `/api/admin/ads/${props.id}`;
  const move = (to: 'up' | 'down') => post(`${path}/move`, { to }, '顺序已调整');
  const remove = async () => {
    if (!(await confirmDialog(`删除广告「${props.title}」？删除后前台不再展示。`))) return;
    await act(() => api.delete(path), '广告已删除');
  };
  const link = 'text-brand-700 hover:underline disabled:text-gray-300 disabled:no-underline';
  return (
    <span className="inline-flex gap-2">
      <button
        type="button"
        className={link}
        disabled={busy || props.first}
        onClick={() => void move('up')}
      >
        上移
      </button>
      <button
        type="button"
        className={link}
        disabled={busy || props.last}
        onClick={() => void move('down')}
      >
        下移
      </button>
      <button
        type="button"
        className="text-red-700 hover:underline"
        disabled={busy}
        onClick={() => void remove()}
      >
        删除
      </button>
    </span>
  );
}
