// 积分商城 redeem button: visitors are sent to log in; members confirm, then see the points order.
import { useState } from 'react';
import { api } from '#/client/api.ts';
import { confirmDialog, toast } from '#/stores/notice.ts';
import { attempt, useHydrated } from '#/islands/members/ui.tsx';

export default function RedeemButton(props: {
  goodsId: number;
  name: string;
  points: number;
  stock: number;
  loggedIn: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  if (!props.loggedIn) {
    return (
      <a
        href="/login?redirect=%2Fjfsc"
        className="inline-block rounded border border-brand-500 px-4 py-1.5 text-brand-600"
      >
        登录后兑换
      </a>
    );
  }
  if (props.stock <= 0)
    return (
      <span className="inline-block rounded bg-gray-200 px-4 py-1.5 text-gray-500">已兑完</span>
    );
  const redeem = async () => {
    if (
      !(await confirmDialog(`确定使用 ${props.points} 积分兑换「${props.name}」吗？`, {
        confirm: '确定兑换',
      }))
    )
      return;
    if (
      !(await attempt(setBusy, () =>
        api.post('/api/points/redeem', { goods_id: props.goodsId, number: 1 }),
      ))
    )
      return;
    toast('兑换成功', 'success');
    setTimeout(() => location.assign('/jfdd'), 600);
  };
  return (
    <button
      type="button"
      onClick={redeem}
      disabled={!hydrated || busy}
      data-testid="redeem"
      className="rounded bg-accent-500 px-4 py-1.5 text-white hover:opacity-90 disabled:opacity-60"
    >
      {busy ? '请稍候…' : '立即兑换'}
    </button>
  );
}
