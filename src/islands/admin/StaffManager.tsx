import { StaffForm } from './StaffForm.tsx';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '#/client/api.ts';
import { ROLE_LABEL, STAFF_ROLES, type StaffRole } from '#/lib/staffRoles.ts';
import { toast } from '#/stores/notice.ts';

export interface StaffOut {
  id: number;
  login: string;
  name: string;
  roles: StaffRole[];
  disabled?: boolean;
  must_change_password: boolean;
}

function RoleBoxes(props: {
  value: StaffRole[];
  onChange: (r: StaffRole[]) => void;
  name: string;
}) {
  return (
    <span className="inline-flex flex-wrap gap-x-3 gap-y-1">
      {STAFF_ROLES.map((r) => (
        <label key={r} className="inline-flex items-center gap-1">
          <input
            type="checkbox"
            name={props.name}
            value={r}
            checked={props.value.includes(r)}
            onChange={(e) =>
              props.onChange(
                e.target.checked ? [...props.value, r] : props.value.filter((x) => x !== r),
              )
            }
          />
          {ROLE_LABEL[r]}
        </label>
      ))}
    </span>
  );
}

/** Staff and their roles: add (one-time password shown once), re-role, disable, reset password. */
export default function StaffManager({ initial, me }: { initial: StaffOut[]; me: number }) {
  const [rows, setRows] = useState(initial);
  const [draft, setDraft] = useState({ login: '', name: '', roles: [] as StaffRole[] });
  const [secret, setSecret] = useState<{ login: string; password: string } | null>(null);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState<Record<number, StaffRole[]>>({});

  const replace = (s: StaffOut) => setRows((all) => all.map((r) => (r.id === s.id ? s : r)));
  const add = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      const { data: res } = await api.post<{ data: { staff: StaffOut; password: string } }>(
        '/api/admin/staff',
        draft,
        { silent: true },
      );
      setRows((all) => [...all, res.staff]);
      setSecret({ login: res.staff.login, password: res.password });
      setDraft({ login: '', name: '', roles: [] });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '添加失败');
    }
  };
  const save = async (s: StaffOut, change: Record<string, unknown>) => {
    try {
      replace((await api.post<{ data: StaffOut }>(`/api/admin/staff/${s.id}`, change)).data);
      toast('已保存', 'success');
      setEditing(({ [s.id]: _done, ...rest }) => rest);
    } catch {
      /* the dialog has said why */
    }
  };
  const reset = async (s: StaffOut) => {
    if (!confirm(`为 ${s.login} 生成新的一次性密码？其登录状态将失效。`)) return;
    const { data } = await api.post<{ data: { password: string } }>(
      `/api/admin/staff/${s.id}/reset_password`,
    );
    setSecret({ login: s.login, password: data.password });
    replace({ ...s, must_change_password: true });
  };

  return (
    <div className="space-y-4">
      {secret && (
        <div
          role="status"
          className="rounded border border-amber-300 bg-amber-50 p-3 text-sm"
          data-testid="one-time-password"
        >
          <b>{secret.login}</b> 的一次性密码：
          <code className="mx-1 rounded bg-white px-2 py-0.5 font-mono text-base">
            {secret.password}
          </code>
          只显示这一次，请当面或通过安全渠道告知本人；首次登录后须修改。
          <button
            type="button"
            className="ml-3 text-brand-700 underline"
            onClick={() => setSecret(null)}
          >
            我已记下
          </button>
        </div>
      )}
      <table className="w-full border-collapse bg-white text-sm" data-testid="staff-table">
        <thead className="bg-gray-50 text-left text-gray-600">
          <tr>
            <th className="border-b px-2 py-1.5">登录名</th>
            <th className="border-b px-2 py-1.5">姓名</th>
            <th className="border-b px-2 py-1.5">角色</th>
            <th className="border-b px-2 py-1.5">状态</th>
            <th className="border-b px-2 py-1.5">操作</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.id} className="border-b last:border-0 hover:bg-gray-50" data-login={s.login}>
              <td className="px-2 py-1.5 font-mono">{s.login}</td>
              <td className="px-2 py-1.5">{s.name}</td>
              <td className="px-2 py-1.5">
                {editing[s.id] ? (
                  <RoleBoxes
                    name={`roles-${s.id}`}
                    value={editing[s.id]!}
                    onChange={(r) => setEditing({ ...editing, [s.id]: r })}
                  />
                ) : (
                  s.roles.map((r) => ROLE_LABEL[r]).join('、')
                )}
              </td>
              <td className="px-2 py-1.5">
                {s.disabled ? (
                  <span className="text-gray-400">已停用</span>
                ) : (
                  <span className="text-brand-700">正常</span>
                )}
                {s.must_change_password && (
                  <span className="ml-2 text-xs text-amber-700">待改密码</span>
                )}
              </td>
              <td className="space-x-3 px-2 py-1.5 whitespace-nowrap">
                {editing[s.id] ? (
                  <>
                    <button
                      type="button"
                      className="text-brand-700"
                      onClick={() => save(s, { roles: editing[s.id] })}
                    >
                      保存角色
                    </button>
                    <button
                      type="button"
                      className="text-gray-500"
                      onClick={() => setEditing(({ [s.id]: _x, ...rest }) => rest)}
                    >
                      取消
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="text-brand-700"
                    onClick={() => setEditing({ ...editing, [s.id]: s.roles })}
                  >
                    改角色
                  </button>
                )}
                {s.id !== me && (
                  <button
                    type="button"
                    className="text-gray-700"
                    onClick={() => save(s, { disabled: s.disabled ? '0' : '1' })}
                  >
                    {s.disabled ? '启用' : '停用'}
                  </button>
                )}
                <button type="button" className="text-gray-700" onClick={() => reset(s)}>
                  重置密码
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <StaffForm
        onSubmit={add}
        className="space-y-2 rounded border border-gray-200 bg-white p-3"
        data-testid="add-staff"
      >
        <h2 className="font-semibold text-gray-700">添加员工</h2>
        <div className="flex flex-wrap items-center gap-3">
          <label>
            登录名{' '}
            <input
              name="login"
              value={draft.login}
              onChange={(e) => setDraft({ ...draft, login: e.target.value })}
              className="h-8 w-36 rounded border border-gray-300 px-2"
            />
          </label>
          <label>
            姓名{' '}
            <input
              name="name"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              className="h-8 w-28 rounded border border-gray-300 px-2"
            />
          </label>
          <span>
            角色{' '}
            <RoleBoxes
              name="roles"
              value={draft.roles}
              onChange={(roles) => setDraft({ ...draft, roles })}
            />
          </span>
          <button
            type="submit"
            className="h-8 rounded bg-brand-600 px-4 text-white hover:bg-brand-700"
          >
            添加
          </button>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
      </StaffForm>
    </div>
  );
}
