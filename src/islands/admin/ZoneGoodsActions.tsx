import { useHydrated } from '#/islands/members/ui.tsx';
import { OrderedRowButtons, ROW_LINK } from './OrderedRowButtons.tsx';
import { useStaffPost } from './useStaffPost.ts';

// The buttons stay disabled until hydrated: a click before that would do nothing at all.

/** A search result's 添加: puts the goods last in the zone. */
export function ZoneGoodsAdd(props: { zoneId: number; goodsId: number; name: string }) {
  const { busy, post } = useStaffPost();
  const hydrated = useHydrated();
  const off = busy || !hydrated;
  return (
    <button
      type="button"
      className={ROW_LINK}
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
  return (
    <OrderedRowButtons
      path={`/api/admin/zones/${props.zoneId}/goods/${props.goodsId}`}
      first={props.first}
      last={props.last}
      removeLabel="移除"
      confirm={`从专区移除「${props.name}」？`}
      removed="已移出专区"
    />
  );
}
