import { api, ignoreHandled } from '#/client/api.ts';
import { confirmDialog, toast } from '#/stores/notice.ts';
import { markCartChanged } from '#/stores/cart.ts';

type Props = { orderId: number; status: string; lines: { goods_id: number; number: number }[] };

/** Pay / cancel an unpaid order, confirm receipt of a shipped one; buy again puts the same goods back in the cart. */
export default function OrderActions({ orderId, status, lines }: Props) {
  const cancel = async () => {
    if (!(await confirmDialog('确定取消该订单吗？'))) return;
    try {
      await api.post(`/api/order/${orderId}/cancel`);
      toast('订单已取消', 'success');
      location.reload();
    } catch (e) {
      ignoreHandled(e);
    }
  };
  const receive = async () => {
    if (!(await confirmDialog('确认已收到全部商品吗？'))) return;
    try {
      await api.post(`/api/order/${orderId}/receive`);
      toast('已确认收货', 'success');
      location.reload();
    } catch (e) {
      ignoreHandled(e);
    }
  };
  const again = async () => {
    try {
      const res = await api.post<{ data: { total: number } }>('/api/cart', {
        params: lines.map((l) => ({ goods_id: l.goods_id, number: l.number })),
      });
      markCartChanged(res.data.total);
      location.href = '/cart';
    } catch (e) {
      ignoreHandled(e);
    }
  };
  return (
    <span className="inline-flex gap-2 text-sm">
      {status === 'unpaid' && (
        <a className="bg-accent-500 px-3 py-1 text-white" href={`/cart/step3/${orderId}`}>
          去支付
        </a>
      )}
      {status === 'unpaid' && (
        <button type="button" className="border px-3 py-1" onClick={() => void cancel()}>
          取消订单
        </button>
      )}
      {status === 'shipped' && (
        <button
          type="button"
          className="bg-accent-500 px-3 py-1 text-white"
          onClick={() => void receive()}
        >
          确认收货
        </button>
      )}
      <button type="button" className="border px-3 py-1" onClick={() => void again()}>
        再次购买
      </button>
    </span>
  );
}
