import { useState } from 'react';
import { api, ignoreHandled } from '#/client/api.ts';
import { PAY_PROVIDER_HINT, PAY_PROVIDER_LABEL, type PayProvider } from '#/lib/payProviders.ts';
import { toast } from '#/stores/notice.ts';
import { WechatQr } from './pay/WechatQr.tsx';
import { shopTimeText } from '#/lib/shopClock.ts';

/** A bank transfer waiting for finance (POST /api/pay/transfer). */
export type TransferView = {
  reference: string;
  amount: string;
  deadline: string;
  bank: { account_name: string; bank_name: string; account_no: string };
};

type Method = 'balance' | 'credit' | 'online' | 'transfer';

type Props = {
  orderId: number;
  /** the ways this order may be paid (a 含麻 order: 对公转账 only) */
  methods: Method[];
  payable: string;
  balance: string;
  credit: { usable: boolean; reason: string | null; available: string };
  next: string;
  transfer: TransferView | null;
  /** the online providers that are on, in the server's order */
  providers: PayProvider[];
};

/** Where the provider sends the buyer: a page to open, or (WeChat Pay) a code to show as a QR image. */
type OnlineStart = {
  payment_id: number;
  amount: string;
  pay_url?: string;
  qr_code?: string;
  qr_svg?: string;
};

export default function PayPanel(props: Props) {
  const { orderId, methods, payable, balance, credit, next, transfer, providers } = props;
  const preferred: Method =
    Number(balance) >= Number(payable) || providers.length === 0 ? 'balance' : 'online';
  const [method, setMethod] = useState<Method>(
    methods.includes(preferred) ? preferred : methods[0]!,
  );
  const [provider, setProvider] = useState<PayProvider | undefined>(providers[0]);
  const [qr, setQr] = useState<{ svg: string; amount: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState<TransferView | null>(transfer);
  const [choosing, setChoosing] = useState(transfer === null);
  const done = () => {
    location.href = `/cart/step4?order=${orderId}${next ? `&next=${next}` : ''}`;
  };

  const pay = async () => {
    setBusy(true);
    try {
      if (method === 'balance') {
        await api.post('/api/pay/balance', { order_id: orderId });
        done();
      } else if (method === 'transfer') {
        const res = await api.post<{ data: TransferView }>('/api/pay/transfer', {
          order_id: orderId,
        });
        setWaiting(res.data);
        setChoosing(false);
        setBusy(false);
      } else if (method === 'credit') {
        await api.post('/api/pay/user_credit_create', { order_id: orderId });
        await api.post('/api/pay/user_credit_pay', { order_id: orderId });
        done();
      } else {
        const res = await api.post<{ data: OnlineStart }>('/api/pay/online', {
          order_id: orderId,
          provider,
        });
        const { pay_url: payUrl, qr_svg: svg } = res.data;
        if (svg) {
          setQr({ svg, amount: res.data.amount });
          setBusy(false);
        } else if (payUrl?.startsWith('/'))
          // The sandbox's cashier is our own page: it brings the buyer back to this order.
          location.href = `${payUrl}&order=${orderId}${next ? `&next=${next}` : ''}`;
        else if (payUrl) location.href = payUrl;
      }
    } catch (e) {
      setBusy(false);
      ignoreHandled(e);
    }
  };

  if (qr)
    return (
      <WechatQr
        svg={qr.svg}
        amount={qr.amount}
        orderId={orderId}
        onPaid={done}
        onChange={() => setQr(null)}
      />
    );

  if (waiting && !choosing)
    return (
      <TransferWaiting
        t={waiting}
        orderId={orderId}
        next={next}
        onChange={methods.length > 1 ? () => setChoosing(true) : null}
      />
    );

  return (
    <div className="space-y-3 text-sm" data-testid="pay-panel">
      {methods.length === 1 && methods[0] === 'transfer' && (
        <p className="rounded bg-amber-50 p-3 text-amber-800" data-testid="pay-rule">
          含麻黄碱类药品订单仅支持对公转账付款，须由注册单位本身的对公账户转出。
          <a className="ml-1 text-brand-600" href="/help/hidden/hmzn">
            查看含麻购买须知
          </a>
        </p>
      )}
      {methods.includes('balance') && (
        <label className="flex items-center gap-2 border p-3">
          <input
            type="radio"
            name="pay"
            checked={method === 'balance'}
            onChange={() => setMethod('balance')}
            disabled={Number(balance) < Number(payable)}
          />
          余额支付{' '}
          <span className="text-gray-500">
            可用余额 ¥{balance}
            {Number(balance) < Number(payable) ? '（余额不足）' : ''}
          </span>
        </label>
      )}
      {methods.includes('credit') && (
        <label className="flex items-center gap-2 border p-3">
          <input
            type="radio"
            name="pay"
            checked={method === 'credit'}
            onChange={() => setMethod('credit')}
            disabled={!credit.usable}
          />
          账期支付{' '}
          <span className="text-gray-500">
            {credit.usable ? `可用额度 ¥${credit.available}` : credit.reason}
          </span>
        </label>
      )}
      {methods.includes('online') && (
        <div className="border p-3">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="pay"
              checked={method === 'online'}
              onChange={() => setMethod('online')}
              disabled={providers.length === 0}
            />
            在线支付
            {providers.length === 0 && <span className="text-gray-500">暂未开通</span>}
          </label>
          {providers.length > 0 && (
            <fieldset className="mt-2 ml-6 flex flex-wrap gap-2" data-testid="pay-providers">
              <legend className="sr-only">在线支付方式</legend>
              {providers.map((p) => (
                <label
                  key={p}
                  className={`flex cursor-pointer items-center gap-2 border px-3 py-2 ${
                    method === 'online' && provider === p ? 'border-accent-500 bg-orange-50' : ''
                  }`}
                >
                  <input
                    type="radio"
                    name="provider"
                    value={p}
                    checked={provider === p}
                    onChange={() => {
                      setProvider(p);
                      setMethod('online');
                    }}
                  />
                  <span>
                    {PAY_PROVIDER_LABEL[p]}
                    <span className="ml-1 text-xs text-gray-500">{PAY_PROVIDER_HINT[p]}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
      {methods.includes('transfer') && (
        <label className="flex items-center gap-2 border p-3">
          <input
            type="radio"
            name="pay"
            checked={method === 'transfer'}
            onChange={() => setMethod('transfer')}
          />
          对公转账{' '}
          <span className="text-gray-500">（线下汇款至本公司账户，财务确认到账后发货）</span>
        </label>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          if (!busy) void pay();
          else toast('正在支付…');
        }}
        className="bg-accent-500 px-10 py-3 text-white disabled:opacity-50"
      >
        {method === 'transfer' ? '获取转账信息' : `立即支付 ¥${payable}`}
      </button>
    </div>
  );
}

/** What to transfer where, with the order's own reference; finance confirms the money. */
function TransferWaiting(props: {
  t: TransferView;
  orderId: number;
  next: string;
  /** null when there is no other way to pay */
  onChange: (() => void) | null;
}) {
  const { t, orderId, next } = props;
  const first = next.split(',').find(Boolean);
  const rest = next.split(',').filter(Boolean).slice(1).join(',');
  return (
    <div className="space-y-3 text-sm" data-testid="transfer-panel">
      <p className="text-base">
        对公转账 —{' '}
        <b className="text-accent-500" data-testid="transfer-status">
          等待财务确认
        </b>
      </p>
      <dl className="grid w-fit grid-cols-[auto_auto] gap-x-6 gap-y-2 border bg-gray-50 p-4">
        <dt className="text-gray-500">收款户名</dt>
        <dd>{t.bank.account_name}</dd>
        <dt className="text-gray-500">开户银行</dt>
        <dd>{t.bank.bank_name}</dd>
        <dt className="text-gray-500">银行账号</dt>
        <dd className="font-mono text-base">{t.bank.account_no}</dd>
        <dt className="text-gray-500">转账金额</dt>
        <dd className="text-base text-accent-500">¥{t.amount}</dd>
        <dt className="text-gray-500">转账附言</dt>
        <dd>
          <b className="font-mono text-lg tracking-wider" data-testid="transfer-reference">
            {t.reference}
          </b>
          <span className="ml-2 text-gray-500">请务必填写，财务凭此核对</span>
        </dd>
      </dl>
      <p className="text-gray-600">
        请在 {shopTimeText(t.deadline)}{' '}
        前按上述金额一次性转账（不接受部分金额），财务确认到账后订单即为已支付；逾期未到账订单将自动取消。
      </p>
      <p className="space-x-4">
        <a className="text-brand-600" href={`/order/info/${orderId}`}>
          查看订单
        </a>
        {first && (
          <a
            className="text-accent-500"
            href={`/cart/step3/${first}${rest ? `?next=${rest}` : ''}`}
          >
            还有含麻订单待支付，去支付
          </a>
        )}
        {props.onChange && (
          <button type="button" className="text-gray-500 underline" onClick={props.onChange}>
            更换支付方式
          </button>
        )}
      </p>
    </div>
  );
}
