// 绑定微信: a bind code from api/user/create_code (scanned in the WeChat official account), unbind.
import { useState } from 'react';
import { api } from '#/client/api.ts';
import { confirmDialog, toast } from '#/stores/notice.ts';
import { attempt, useHydrated } from './ui.tsx';
import { shopTimeText } from '#/lib/shopClock.ts';

interface BindCode {
  code: string;
  url: string;
  qr_svg: string;
  expires_at: string;
}

export default function WechatBind(props: { bound: boolean }) {
  const [bound, setBound] = useState(props.bound);
  const [code, setCode] = useState<BindCode | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  const create = async () => {
    const res = await attempt(setBusy, () => api.post<{ data: BindCode }>('/api/user/create_code'));
    if (res) setCode(res.data);
  };
  const unbind = async () => {
    if (!(await confirmDialog('解除绑定后将无法通过微信接收订单通知，确定解绑吗？'))) return;
    if (await attempt(setBusy, () => api.delete('/api/user/unbind_wechat'))) {
      setBound(false);
      toast('已解除绑定', 'success');
    }
  };

  if (bound) {
    return (
      <div data-testid="wechat-bound">
        <p className="mb-4 text-brand-600">当前账号已绑定微信，可通过微信接收订单和物流通知。</p>
        <button
          type="button"
          disabled={!hydrated || busy}
          onClick={unbind}
          className="rounded border border-red-400 px-4 py-2 text-red-600"
        >
          解除绑定
        </button>
      </div>
    );
  }
  return (
    <div data-testid="wechat-unbound">
      <p className="mb-4 text-gray-600">
        绑定微信后，可通过“药批”公众号接收订单、物流和资质到期提醒。
      </p>
      {code ? (
        <div className="inline-block rounded border border-gray-200 bg-white p-4 text-center">
          <p className="mb-2 font-bold">请使用微信扫一扫，或在“药批”公众号中输入绑定码</p>
          {/* The server drew this SVG from our own bind url (qrcode library); no user text is in it. */}
          <div
            role="img"
            aria-label="微信绑定二维码"
            data-testid="bind-qr"
            className="mx-auto h-[200px] w-[200px]"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-drawn QR SVG of our own URL
            dangerouslySetInnerHTML={{ __html: code.qr_svg }}
          />
          <p className="font-mono text-2xl tracking-widest text-brand-700" data-testid="bind-code">
            {code.code}
          </p>
          <p className="mt-2 text-xs text-gray-400">
            绑定码10分钟内有效（至 {shopTimeText(code.expires_at, { date: false })}）
          </p>
        </div>
      ) : (
        <button
          type="button"
          disabled={!hydrated || busy}
          onClick={create}
          className="rounded bg-brand-500 px-4 py-2 text-white"
        >
          生成绑定二维码
        </button>
      )}
    </div>
  );
}
