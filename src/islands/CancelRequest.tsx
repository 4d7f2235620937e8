import { useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { toast } from '#/stores/notice.ts';

const REASONS = ['拍错商品或数量', '重复下单', '不想要了', '其他'];

/**
 * 申请取消 of a paid order that has not shipped: the request goes to staff, who cancel it and send
 * the money back the way it was paid, or decline it.
 */
export default function CancelRequest({ orderId }: { orderId: number }) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(REASONS[0]!);
  const [other, setOther] = useState('');
  const [busy, setBusy] = useState(false);
  const reason = choice === '其他' ? other.trim() : choice;
  const submit = async () => {
    if (reason.length < 2) {
      toast('请填写取消原因');
      return;
    }
    setBusy(true);
    try {
      await api.post(`/api/order/${orderId}/cancel_request`, { reason });
      toast('取消申请已提交，请等待商家确认', 'success');
      location.reload();
    } catch (e) {
      setBusy(false);
      ignoreHandled(e);
    }
  };
  if (!open)
    return (
      <button type="button" className="border px-3 py-1 text-sm" onClick={() => setOpen(true)}>
        申请取消
      </button>
    );
  return (
    <div className="space-y-2 border bg-white p-3 text-sm" data-testid="cancel-request">
      <p className="text-gray-600">订单已支付、尚未发货，提交后由商家确认；确认后款项原路退回。</p>
      <label className="block">
        取消原因{' '}
        <select
          className="border px-1"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          aria-label="取消原因"
        >
          {REASONS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </label>
      {choice === '其他' && (
        <input
          className="w-full border px-2 py-1"
          aria-label="其他原因"
          maxLength={200}
          value={other}
          onChange={(e) => setOther(e.target.value)}
        />
      )}
      <p className="space-x-2">
        <button
          type="button"
          disabled={busy}
          className="bg-accent-500 px-3 py-1 text-white disabled:opacity-50"
          onClick={() => void submit()}
        >
          提交申请
        </button>
        <button type="button" className="border px-3 py-1" onClick={() => setOpen(false)}>
          不取消了
        </button>
      </p>
    </div>
  );
}
