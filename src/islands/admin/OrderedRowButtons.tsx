import { useHydrated } from '#/islands/members/ui.tsx';
import { confirmDialog } from '#/stores/notice.ts';
import { useStaffPost } from './useStaffPost.ts';

export const ROW_LINK =
  'text-brand-700 hover:underline disabled:text-gray-300 disabled:no-underline';

/**
 * 上移 / 下移 and removal (after asking) of a row in a list staff keep in order: the ads of a
 * position, the goods of a zone. `path` is the row's API: `{path}/move` to move, DELETE to remove.
 * The buttons stay disabled until hydrated (a click before would do nothing) and while a change
 * is on its way.
 */
export function OrderedRowButtons(props: {
  path: string;
  first: boolean;
  last: boolean;
  removeLabel: string;
  /** the question asked before removing */
  confirm: string;
  /** said once removed */
  removed: string;
}) {
  const { busy, post, remove } = useStaffPost();
  const hydrated = useHydrated();
  const off = busy || !hydrated;
  const move = (to: 'up' | 'down') => post(`${props.path}/move`, { to }, '顺序已调整');
  const drop = async () => {
    if (!(await confirmDialog(props.confirm))) return;
    await remove(props.path, props.removed);
  };
  return (
    <span className="inline-flex gap-2">
      <button
        type="button"
        className={ROW_LINK}
        disabled={off || props.first}
        onClick={() => void move('up')}
      >
        上移
      </button>
      <button
        type="button"
        className={ROW_LINK}
        disabled={off || props.last}
        onClick={() => void move('down')}
      >
        下移
      </button>
      <button
        type="button"
        className="text-red-700 hover:underline disabled:text-gray-300"
        disabled={off}
        onClick={() => void drop()}
      >
        {props.removeLabel}
      </button>
    </span>
  );
}
