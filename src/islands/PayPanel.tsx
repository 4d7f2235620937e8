import { useState } from 'react';
import { api, ApiAborted, ApiError } from '../client/api.ts';
import { toast } from '../stores/notice.ts';

const stop = (e: unknown) => {
  if (e instanceof ApiError || e instanceof ApiAborted) return;
  throw e;
};

type Props = { orderId: number; payable: string; balance: string; credit: { usable: boolean; reason: string | null; available: string }; next: string };

export default function PayPanel({ orderId, payable, balance, credit, next }: Props) {
  const [method, setMethod] = useState<'balance' | 'credit' | 'online'>(Number(balance) >= Number(payable) ? 'balance' : 'online');
  const [busy, setBusy] = useState(false);
  const done = () => { location.href = `/cart/step4?order=${orderId}${next ? `&next=${next}` : ''}`; };

  const pay = async () => {
    setBusy(true);
    try {
      if (method === 'balance') {
        await api.post('/api/pay/balance', { order_id: orderId });
        done();
      } else if (method === 'credit') {
        await api.post('/api/pay/user_credit_create', { order_id: orderId });
        await api.post('/api/pay/user_credit_pay', { order_id: orderId });
        done();
      } else {
        const res = await api.post<{ data: { pay_url: string } }>('/api/pay/online', { order_id: orderId });
        location.href = `${res.data.pay_url}&order=${orderId}${next ? `&next=${next}` : ''}`;
      }
    } catch (e) {
      setBusy(false);
      stop(e);
    }
  };

  return (
    <div className="space-y-3 text-sm">
      <label className="flex items-center gap-2 border p-3">
        <input type="radio" name="pay" checked={method === 'balance'} onChange={() => setMethod('balance')} disabled={Number(balance) < Number(payable)} />
        余额支付 <span className="text-gray-500">可用余额 ¥{balance}{Number(balance) < Number(payable) ? '（余额不足）' : ''}</span>
      </label>
      <label className="flex items-center gap-2 border p-3">
        <input type="radio" name="pay" checked={method === 'credit'} onChange={() => setMethod('credit')} disabled={!credit.usable} />
        账期支付 <span className="text-gray-500">{credit.usable ? `可用额度 ¥${credit.available}` : credit.reason}</span>
      </label>
      <label className="flex items-center gap-2 border p-3">
        <input type="radio" name="pay" checked={method === 'online'} onChange={() => setMethod('online')} />
        在线支付 <span className="text-gray-500">（沙箱支付）</span>
      </label>
      <button type="button" disabled={busy} onClick={() => { if (!busy) void pay(); else toast('正在支付…'); }} className="bg-accent-500 px-10 py-3 text-white disabled:opacity-50">立即支付 ¥{payable}</button>
    </div>
  );
}
