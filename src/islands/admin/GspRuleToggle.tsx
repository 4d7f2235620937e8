import { type SubmitEvent, useState } from 'react';
import { StaffForm } from './StaffForm.tsx';
import { useStaffPost } from './useStaffPost.ts';

/** The GSP rule: keep goods whose required documents are missing or expired off sale. */
export default function GspRuleToggle(props: { on: boolean }) {
  const [on, setOn] = useState(props.on);
  const { busy, post } = useStaffPost();
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    await post(
      '/api/admin/documents/rule',
      { hold_incomplete: on ? '1' : '0' },
      on ? '已启用：资料不全的商品暂停销售' : '已关闭：资料不全的商品照常销售',
    );
  };
  return (
    <StaffForm onSubmit={submit} className="flex items-center gap-2" data-testid="gsp-rule">
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          name="hold_incomplete"
          checked={on}
          onChange={(e) => setOn(e.target.checked)}
        />
        首营资料缺失或过期的商品暂停销售
      </label>
      <button
        type="submit"
        disabled={busy || on === props.on}
        className="h-7 rounded border border-gray-300 px-3 disabled:opacity-50"
      >
        保存规则
      </button>
    </StaffForm>
  );
}
