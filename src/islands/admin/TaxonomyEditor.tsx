import { type SubmitEvent, useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';
import { StaffForm } from './StaffForm.tsx';

const box = 'h-7 rounded border border-gray-300 px-1';
const button = 'text-brand-700 hover:underline disabled:opacity-50';

function useSave() {
  const [busy, setBusy] = useState(false);
  const save = async (path: string, body: object) => {
    setBusy(true);
    try {
      await api.post(path, body);
      toast('已保存', 'success');
      location.reload();
    } catch (error) {
      setBusy(false);
      ignoreHandled(error);
    }
  };
  return { busy, save };
}

/** One brand or category row: its name and sort, saved in place (a new one when `path` is the list's). */
export function NameSortForm(p: {
  path: string;
  label: string;
  name?: string;
  sort?: number;
  extra?: Record<string, string | number>;
  action?: string;
}) {
  const { busy, save } = useSave();
  const [name, setName] = useState(p.name ?? '');
  const [sort, setSort] = useState(String(p.sort ?? 0));
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    void save(p.path, { name, sort, ...p.extra });
  };
  return (
    <StaffForm
      onSubmit={submit}
      aria-label={`${p.label}${p.name ? ` ${p.name}` : ''}`}
      className="flex items-center gap-1"
    >
      <input
        className={`${box} w-36`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-label={`${p.label}名称`}
      />
      <input
        className={`${box} w-14 text-right`}
        value={sort}
        onChange={(e) => setSort(e.target.value)}
        aria-label={`${p.label}排序`}
        inputMode="numeric"
      />
      <button type="submit" disabled={busy} className={button}>
        {p.action ?? '保存'}
      </button>
    </StaffForm>
  );
}
