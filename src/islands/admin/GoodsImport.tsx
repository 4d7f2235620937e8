import { type SubmitEvent, useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { StaffForm } from './StaffForm.tsx';

type RowReport = { line: number; action: string; goods: string; reasons: string[] };
type Summary = {
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
};
type Progress = Summary & {
  id: number;
  dry_run: boolean;
  state: string;
  done: number;
  report: RowReport[];
};

const ACTION: Record<string, string> = {
  create: '新增',
  update: '更新',
  unchanged: '无变化',
  refuse: '拒绝',
};
const primary = 'h-8 rounded bg-brand-600 px-4 text-white hover:bg-brand-700 disabled:opacity-50';

function Counts({ s }: { s: Summary }) {
  return (
    <p className="flex flex-wrap gap-4" data-testid="import-summary">
      <span>共 {s.total} 行</span>
      <span className="text-brand-700">新增 {s.created}</span>
      <span className="text-blue-700">更新 {s.updated}</span>
      <span className="text-gray-600">无变化 {s.unchanged}</span>
      <span className={s.refused ? 'text-red-700' : 'text-gray-600'}>拒绝 {s.refused}</span>
    </p>
  );
}

function Rows({ rows }: { rows: RowReport[] }) {
  if (rows.length === 0) return null;
  return (
    <table className="w-full border-collapse text-xs" data-testid="import-rows">
      <thead className="bg-gray-50 text-left text-gray-600">
        <tr>
          <th className="px-2 py-1">行号</th>
          <th className="px-2 py-1">处理</th>
          <th className="px-2 py-1">商品</th>
          <th className="px-2 py-1">原因</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.line} className="border-t border-gray-200" data-line={r.line}>
            <td className="px-2 py-1">第{r.line}行</td>
            <td className={`px-2 py-1 ${r.action === 'refuse' ? 'text-red-700' : ''}`}>
              {ACTION[r.action]}
            </td>
            <td className="px-2 py-1">{r.goods}</td>
            <td className="px-2 py-1">{r.reasons.join('；')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Upload → dry run report → import in the background with a progress bar. */
export function GoodsImport() {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [dry, setDry] = useState<{ summary: Summary; rows: RowReport[] } | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const send = (dryRun: boolean) => {
    const form = new FormData();
    form.set('file', file!);
    if (dryRun) form.set('dry_run', '1');
    return api.upload<{ data: unknown }>('/api/admin/goods/import', form);
  };
  /** Polls a background dry run or import until it ends, showing its progress. */
  const follow = async (id: number): Promise<Progress> => {
    for (;;) {
      const p = (await api.get<{ data: Progress }>(`/api/admin/goods/import/${id}`)).data;
      setProgress(p);
      if (p.state !== 'running') return p;
      await new Promise((r) => setTimeout(r, 800));
    }
  };
  const check = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setProgress(null);
    try {
      const answer = (await send(true)).data as NonNullable<typeof dry> | { id: number };
      if ('id' in answer) {
        const p = await follow(answer.id);
        if (p.state === 'done') {
          setProgress(null);
          setDry({ summary: p, rows: p.report });
        }
      } else setDry(answer);
    } catch (error) {
      ignoreHandled(error);
    } finally {
      setBusy(false);
    }
  };
  const run = async () => {
    setBusy(true);
    try {
      const { id } = (await send(false)).data as { id: number };
      await follow(id);
    } catch (error) {
      ignoreHandled(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3 text-sm">
      <StaffForm
        onSubmit={check}
        aria-label="导入商品"
        className="flex flex-wrap items-center gap-3"
      >
        <input
          type="file"
          name="file"
          aria-label="导入文件"
          accept=".xlsx,.csv"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setDry(null);
            setProgress(null);
          }}
        />
        <button type="submit" className={primary} disabled={busy || !file}>
          预检（不写入）
        </button>
        <button
          type="button"
          className={primary}
          disabled={busy || !dry}
          onClick={() => void run()}
        >
          开始导入
        </button>
      </StaffForm>
      {dry && !progress && (
        <section aria-label="预检结果" className="space-y-2">
          <h2 className="font-semibold">预检结果（尚未写入）</h2>
          <Counts s={dry.summary} />
          <Rows rows={dry.rows} />
        </section>
      )}
      {progress && (
        <section aria-label="导入进度" className="space-y-2">
          <h2 className="font-semibold">
            {progress.state === 'running'
              ? '正在导入…'
              : progress.state === 'done'
                ? '导入完成'
                : '导入失败，已写入的批次保留，可重新导入'}
          </h2>
          <progress
            className="h-3 w-full"
            max={progress.total}
            value={progress.done}
            aria-label="导入进度"
            data-testid="import-progress"
          />
          <p className="text-gray-600">
            {progress.done} / {progress.total} 行
          </p>
          <Counts s={progress} />
          <Rows rows={progress.report} />
        </section>
      )}
    </div>
  );
}
