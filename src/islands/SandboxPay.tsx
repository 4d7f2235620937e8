import { useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';

/** The sandbox provider's cashier: confirming makes it notify the shop, then we wait for "paid". */
export default function SandboxPay({
  paymentId,
  orderId,
  next,
}: {
  paymentId: number;
  orderId: number;
  next: string;
}) {
  const [state, setState] = useState<'idle' | 'waiting' | 'late'>('idle');
  const confirm = async () => {
    setState('waiting');
    try {
      await api.post('/api/pay/sandbox/confirm', { payment_id: paymentId });
      for (let i = 0; i < 30; i++) {
        await new Promise((r) => setTimeout(r, 300));
        const res = await api.get<{ data: { status: string } }>(`/api/order/${orderId}`);
        if (res.data.status !== 'unpaid') {
          location.href = `/cart/step4?order=${orderId}${next ? `&next=${next}` : ''}`;
          return;
        }
      }
      setState('late');
    } catch (e) {
      setState('idle');
      ignoreHandled(e);
    }
  };
  return (
    <div className="space-y-3">
      <button
        type="button"
        disabled={state === 'waiting'}
        onClick={() => void confirm()}
        className="bg-brand-500 px-10 py-3 text-white disabled:opacity-50"
      >
        {state === 'waiting' ? '等待支付结果…' : '确认支付（沙箱）'}
      </button>
      {state === 'late' && (
        <p className="text-accent-500">
          支付结果尚未到达，请稍后在{' '}
          <a className="text-brand-600" href={`/order/info/${orderId}`}>
            订单详情
          </a>{' '}
          查看。
        </p>
      )}
    </div>
  );
}
