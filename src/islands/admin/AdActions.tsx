import { OrderedRowButtons } from './OrderedRowButtons.tsx';

/** An ad row's order and removal: move it up or down in its position, or delete it after asking. */
export function AdActions(props: { id: number; title: string; first: boolean; last: boolean }) {
  return (
    <OrderedRowButtons
      path={`/api/admin/ads/${props.id}`}
      first={props.first}
      last={props.last}
      removeLabel="删除"
      confirm={`删除广告「${props.title}」？删除后前台不再展示。`}
      removed="广告已删除"
    />
  );
}
