import { Fragment, useState, type SubmitEvent } from 'react';
import { api, ApiAborted, ApiError } from '#/client/api.ts';
import { confirmDialog, toast } from '#/stores/notice.ts';
import { StaffForm } from './StaffForm.tsx';

export interface DeskField {
  /** the wire name; `tiers[0][amount]` for a row of a list */
  name: string;
  label: string;
  type?: 'text' | 'number' | 'datetime-local' | 'select' | 'textarea' | 'checkbox';
  options?: readonly { value: string; label: string }[];
  /** a Tailwind width class for the control */
  width?: string;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric';
  /** starts a new line of the form (the first field of a list row) */
  newLine?: boolean;
}

// A list row left empty (e.g. an unused 满减 tier; its tick boxes and choice lists, which always
// hold a value, do not count) is not sent: the server sees only rows that were filled in.
const rowOf = (name: string) => (name.includes('[') ? name.slice(0, name.lastIndexOf('[')) : null);

function payload(fields: readonly DeskField[], values: Record<string, string>) {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const row = rowOf(f.name);
    const blank = (o: DeskField) =>
      rowOf(o.name) !== row ||
      o.type === 'checkbox' ||
      o.type === 'select' ||
      !(values[o.name] ?? '').trim();
    if (row && fields.every(blank)) continue;
    out[f.name] = values[f.name] ?? '';
  }
  return out;
}

/**
 * A back-office form of labelled fields in one dense block: posts them form-encoded, says it is
 * done and goes to `after` (or reloads), so the list beside it shows the change. A refusal has
 * been shown by the API client (its Chinese message) and the entry stays.
 */
export function DeskForm(props: {
  action: string;
  fields: readonly DeskField[];
  values?: Record<string, string>;
  submit: string;
  done: string;
  after?: string;
  title: string;
  /** an existing row is being changed: offer a way back to the empty form */
  editing?: boolean;
  testId?: string;
}) {
  const [values, setValues] = useState<Record<string, string>>(props.values ?? {});
  const [busy, setBusy] = useState(false);
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await api.post(props.action, payload(props.fields, values));
      toast(props.done, 'success');
      location.assign(props.after ?? location.href);
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError || err instanceof ApiAborted)) throw err;
    }
  };
  const control = (f: DeskField) => {
    const id = `desk-${f.name}`;
    const common = {
      id,
      name: f.name,
      className: `h-8 rounded border border-gray-300 px-2 ${f.width ?? 'w-40'}`,
    };
    if (f.type === 'checkbox')
      return (
        <input
          {...common}
          className="h-4 w-4"
          type="checkbox"
          checked={values[f.name] === '1'}
          onChange={(e) => set(f.name, e.target.checked ? '1' : '0')}
        />
      );
    if (f.type === 'select')
      return (
        <select
          {...common}
          value={values[f.name] ?? ''}
          onChange={(e) => set(f.name, e.target.value)}
        >
          {f.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    if (f.type === 'textarea')
      return (
        <textarea
          {...common}
          className={`rounded border border-gray-300 px-2 py-1 ${f.width ?? 'w-64'}`}
          rows={12}
          placeholder={f.placeholder}
          value={values[f.name] ?? ''}
          onChange={(e) => set(f.name, e.target.value)}
        />
      );
    return (
      <input
        {...common}
        type={f.type === 'datetime-local' ? 'datetime-local' : 'text'}
        inputMode={f.inputMode}
        placeholder={f.placeholder}
        value={values[f.name] ?? ''}
        onChange={(e) => set(f.name, e.target.value)}
      />
    );
  };
  return (
    <StaffForm
      onSubmit={(e) => void submit(e)}
      aria-label={props.title}
      data-testid={props.testId}
      className="mb-3 flex flex-wrap items-end gap-x-3 gap-y-2 rounded border border-gray-200 bg-white p-3 text-sm"
    >
      <h2 className="w-full text-sm font-medium text-gray-700">{props.title}</h2>
      {props.fields.map((f) => (
        <Fragment key={f.name}>
          {f.newLine && <span className="basis-full" aria-hidden="true" />}
          <label htmlFor={`desk-${f.name}`} className="flex flex-col gap-0.5 text-xs text-gray-600">
            {f.label}
            {control(f)}
          </label>
        </Fragment>
      ))}
      <button
        type="submit"
        disabled={busy}
        className="h-8 rounded bg-brand-600 px-4 text-white hover:bg-brand-700 disabled:opacity-50"
      >
        {props.submit}
      </button>
      {props.editing && props.after && (
        <a href={props.after} className="h-8 leading-8 text-brand-700 hover:underline">
          取消编辑
        </a>
      )}
    </StaffForm>
  );
}

/** Ends a promotion now, after a confirmation naming it. */
export function EndButton(props: { action: string; name: string }) {
  const [busy, setBusy] = useState(false);
  const end = async () => {
    if (!(await confirmDialog(`立即结束「${props.name}」？结束后买家不能再按活动价购买。`))) return;
    setBusy(true);
    try {
      await api.post(props.action, {});
      toast('活动已结束', 'success');
      location.reload();
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError || err instanceof ApiAborted)) throw err;
    }
  };
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => void end()}
      className="text-red-700 hover:underline disabled:opacity-50"
    >
      结束
    </button>
  );
}
