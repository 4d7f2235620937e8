import { useHydrated } from '#/islands/members/ui.tsx';
import { confirmDialog } from '#/stores/notice.ts';
import { useStaffPost } from './useStaffPost.ts';

// The buttons stay disabled until hydrated: a click before that would do nothing at all.

const link = 'text-brand-700 hover:underline disabled:text-gray-300 disabled:no-underline';

/** A search result's 添加: puts the goods last in the zone. */
export function ZoneGoodsAdd(props: { zoneId: number; goodsId: number; name: string }) {
  const { busy, post } = useStaffPost();
  const hydrated = useHydrated();
  const off = busy || !hydrated;
  return (
    <button
      type="button"
      className={link}
      disabled={off}
      aria-label={`添加「${props.name}」到专区`}
      onClick={() =>
        void post(
          `/api/admin/zones/${props.zoneId}/goods`,
          { goods_id: props.goodsId },
          '已添加到专区',
        )
      }
    >
      添加
    </button>
  );
}

/** A picked goods' order and removal: up, down, or out of the zone after asking. */
export function ZoneGoodsRowActions(props: {
  zoneId: number;
  goodsId: number;
  name: string;
  first: boolean;
  last: boolean;
}) {
  const { busy, post, remove } = useStaffPost();
  const hydrated = useHydrated();
  const off = busy || !hydrated;
  const path = `/api/admin/zones/${props.zoneId}/goods/${props.goodsId}`;
  const move = (to: 'up' | 'down') => post(`${path}/move`, { to }, '顺序已调整');
  const drop = async () => {
    if (!(await confirmDialog(`从专区移除「${props.name}」？`))) return;
    await remove(path, '已移出专区');
  };
  return (
    <span className="inline-flex gap-2">
      <button
        type="button"
        className={link}
        disabled={off || props.first}
        onClick={() => void move('up')}
      >
        上移
      </button>
      <button
        type="button"
        className={link}
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
        移除
      </button>
    </span>
  );
}
