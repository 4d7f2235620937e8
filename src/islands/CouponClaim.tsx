import { useState } from 'react';
import { api } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';

/** 领券中心: 立即领取 for one template; turns into 已领取 once this member has it. */
export default function CouponClaim({
  templateId,
  claimed,
}: {
  templateId: number;
  claimed: boolean;
}) {
  const [done, setDone] = useState(claimed);
  const [busy, setBusy] = useState(false);
  const claim = async () => {
    setBusy(true);
    try {
      await api.post('/api/coupon/receive', { id: templateId });
      setDone(true);
      toast('领取成功，可在“我的优惠券”中查看', 'success');
    } catch {
      // the API client has shown why (e.g. 您已领取过该优惠券)
    } finally {
      setBusy(false);
    }
  };
  return done ? (
    <span
      className="inline-block rounded border border-gray-300 px-4 py-1 text-gray-500"
      data-testid="claimed"
    >
      已领取
    </span>
  ) : (
    <button
      type="button"
      disabled={busy}
      onClick={() => void claim()}
      className="rounded bg-accent-500 px-4 py-1 text-white disabled:opacity-50"
    >
      立即领取
    </button>
  );
}
