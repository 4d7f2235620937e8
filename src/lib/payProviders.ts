// The online payment providers by name, with the label a buyer and an operator read. The server's
// registry (server/payments) decides which are on; the pay page shows only those.
export const PAY_PROVIDERS = ['sandbox', 'alipay', 'wechat'] as const;
export type PayProvider = (typeof PAY_PROVIDERS)[number];

export const PAY_PROVIDER_LABEL: Record<PayProvider, string> = {
  sandbox: '沙箱支付',
  alipay: '支付宝',
  wechat: '微信支付',
};

/** What the buyer is told beside each provider on the pay page. */
export const PAY_PROVIDER_HINT: Record<PayProvider, string> = {
  sandbox: '演示用收银台，不产生真实扣款',
  alipay: '跳转到支付宝收银台付款',
  wechat: '使用微信扫一扫付款',
};
