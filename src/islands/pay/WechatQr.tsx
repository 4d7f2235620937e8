import { useEffect } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';

/**
 * WeChat Pay (Native): the buyer scans the code the server drew from WeChat's code_url; the page
 * asks every 2 s whether the order is paid (the notification may reach the shop any time).
 */
export function WechatQr(props: {
  svg: string;
  amount: string;
  orderId: number;
  onPaid: () => void;
  onChange: () => void;
}) {
  const { orderId, onPaid } = props;
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        const res = await api.get<{ data: { status: string } }>(
          `/api/order/${orderId}`,
          undefined,
          {
            silent: true,
            independent: true,
          },
        );
        if (!stopped && res.data.status !== 'unpaid') onPaid();
      } catch (e) {
        ignoreHandled(e);
      }
    };
    const timer = setInterval(() => void check(), 2000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [orderId, onPaid]);

  return (
    <div className="inline-block border p-6 text-center text-sm" data-testid="wechat-pay">
      <p className="mb-2 text-base font-bold">请使用微信扫一扫付款</p>
      {/* Drawn by the server (qrcode library) from WeChat Pay's code_url; no user text is in it. */}
      <div
        role="img"
        aria-label="微信支付二维码"
        className="mx-auto h-[220px] w-[220px]"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-drawn QR SVG of the provider's code URL
        dangerouslySetInnerHTML={{ __html: props.svg }}
      />
      <p className="mt-2">
        应付金额 <b className="text-lg text-accent-500">¥{props.amount}</b>
      </p>
      <p className="mt-1 text-gray-500">付款完成后本页自动跳转</p>
      <p className="mt-3 space-x-4">
        <button type="button" className="text-brand-600" onClick={onPaid}>
          我已完成付款
        </button>
        <button type="button" className="text-gray-500 underline" onClick={props.onChange}>
          更换支付方式
        </button>
      </p>
    </div>
  );
}
