import { useHydrated } from '#/islands/members/ui.tsx';
import { useStaffPost } from './useStaffPost.ts';

/** Sends the buyer a message that this licence expires soon (or has expired). */
export default function LicenceRemind({ id, name }: { id: number; name: string }) {
  const { busy, post } = useStaffPost();
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      disabled={busy || !hydrated}
      onClick={() => void post(`/api/admin/licences/${id}/remind`, {}, '已发送提醒')}
      aria-label={`提醒 ${name}`}
      className="h-7 rounded border border-amber-400 px-3 text-amber-700 hover:bg-amber-50 disabled:opacity-50"
    >
      提醒
    </button>
  );
}
