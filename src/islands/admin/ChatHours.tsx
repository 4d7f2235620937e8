// The admin's service hours form on the chat desk (Beijing time; outside them buyers get the
// automatic reply).
import { useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';
import { StaffForm } from './StaffForm.tsx';

export default function ChatHours({ open, close }: { open: string; close: string }) {
  const [hours, setHours] = useState({ open, close });
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await api.put('/api/admin/chat/hours', hours);
      toast('工作时间已保存', 'success');
    } catch (error) {
      ignoreHandled(error);
    } finally {
      setBusy(false);
    }
  };
  const field = (name: 'open' | 'close', label: string) => (
    <label className="flex items-center gap-1">
      {label}
      <input
        type="time"
        required
        value={hours[name]}
        onChange={(e) => setHours({ ...hours, [name]: e.target.value })}
        className="rounded border border-gray-300 px-1 py-0.5"
      />
    </label>
  );
  return (
    <StaffForm
      className="flex items-center gap-2 text-xs"
      aria-label="客服工作时间"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {field('open', '上班')}
      {field('close', '下班')}
      <button
        type="submit"
        disabled={busy}
        className="rounded border border-gray-300 px-2 py-0.5 hover:bg-gray-50 disabled:opacity-50"
      >
        保存
      </button>
    </StaffForm>
  );
}
