// A node:http gateway on 127.0.0.1 playing Alipay and WeChat Pay: it checks our signed requests
// with our public keys and answers in the providers' formats, signed with their keys.
import type { KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  alipayContent,
  alnum,
  rsaPair,
  rsaSign,
  rsaVerify,
  wechatSignedHeaders,
} from './messages.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** the request's signature checked out with our public key */
  signedByUs: boolean;
  /** Alipay: the request's parameters (query and form), biz_content parsed */
  params?: Record<string, string>;
  biz?: Record<string, string>;
}

export interface GatewayPeers {
  alipay: { appId: string; appPublicKey: KeyObject; alipayKey: KeyObject };
  wechat: {
    mchId: string;
    merchantPublicKey: KeyObject;
    merchantSerial: string;
    platformKey: KeyObject;
    platformSerial: string;
  };
}

/** How the fake answers next; tests switch these. */
export interface GatewayBehaviour {
  alipayRefund: 'accept' | 'refuse' | 'system_error' | 'forge_signature';
  wechatRefund: 'processing' | 'success' | 'not_enough' | 'forge_signature' | 'server_error';
}

export interface FakeGateway {
  url: string;
  requests: RecordedRequest[];
  behaviour: GatewayBehaviour;
  close(): Promise<void>;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeGateway(peers: GatewayPeers): Promise<FakeGateway> {
  const requests: RecordedRequest[] = [];
  const behaviour: GatewayBehaviour = { alipayRefund: 'accept', wechatRefund: 'processing' };
  const alipayRefunds = new Map<string, Record<string, string>>();
  const wechatRefunds = new Map<string, Record<string, unknown>>();
  const forger = rsaPair().privateKey;
  const record = (
    req: http.IncomingMessage,
    url: URL,
    body: string,
    signedByUs: boolean,
    alipay: Pick<RecordedRequest, 'params' | 'biz'> = {},
  ) =>
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      headers: req.headers,
      body,
      signedByUs,
      ...alipay,
    });

  function alipay(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    const signedByUs =
      params['app_id'] === peers.alipay.appId &&
      params['sign_type'] === 'RSA2' &&
      rsaVerify(peers.alipay.appPublicKey, alipayContent(params, ['sign']), params['sign'] ?? '');
    const biz = JSON.parse(params['biz_content'] ?? '{}') as Record<string, string>;
    record(req, url, body, signedByUs, { params, biz });
    const method = params['method'] ?? '';
    let answer: Record<string, string>;
    if (!signedByUs) {
      answer = {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      };
    } else if (method === 'alipay.trade.refund') {
      const known = alipayRefunds.get(biz['out_request_no'] ?? '');
      if (behaviour.alipayRefund === 'refuse')
        answer = {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_HAS_CLOSE',
          sub_msg: '交易已经关闭',
        };
      else if (behaviour.alipayRefund === 'system_error')
        answer = {
          code: '20000',
          msg: 'Service Currently Unavailable',
          sub_code: 'isp.unknow-error',
          sub_msg: '系统繁忙',
        };
      else {
        answer = {
          code: '10000',
          msg: 'Success',
          buyer_logon_id: '159****5620',
          buyer_user_id: '2088102177846880',
          fund_change: known ? 'N' : 'Y',
          gmt_refund_pay: '2025-03-02 09:00:00',
          out_trade_no: biz['out_trade_no'] ?? '',
          refund_fee: biz['refund_amount'] ?? '',
          send_back_fee: biz['refund_amount'] ?? '',
          trade_no: biz['trade_no'] ?? '',
        };
        alipayRefunds.set(biz['out_request_no'] ?? '', biz);
      }
    } else if (method === 'alipay.trade.fastpay.refund.query') {
      const known = alipayRefunds.get(biz['out_request_no'] ?? '');
      answer = known
        ? {
            code: '10000',
            msg: 'Success',
            out_request_no: biz['out_request_no'] ?? '',
            out_trade_no: known['out_trade_no'] ?? '',
            refund_amount: known['refund_amount'] ?? '',
            refund_status: 'REFUND_SUCCESS',
            trade_no: known['trade_no'] ?? '',
            total_amount: '123.40',
          }
        : { code: '10000', msg: 'Success' };
    } else {
      answer = {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.INVALID_METHOD',
        sub_msg: '不支持的接口',
      };
    }
    // Alipay signs the exact JSON text of the response object and appends "sign" beside it.
    const inner = JSON.stringify(answer);
    const key = behaviour.alipayRefund === 'forge_signature' ? forger : peers.alipay.alipayKey;
    const text = `{"${method.replaceAll('.', '_')}_response":${inner},"sign":"${rsaSign(key, inner)}"}`;
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' }).end(text);
  }

  function wechat(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
    const auth = req.headers.authorization ?? '';
    const fields = Object.fromEntries(
      [...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
    );
    const signedByUs =
      auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
      fields['mchid'] === peers.wechat.mchId &&
      fields['serial_no'] === peers.wechat.merchantSerial &&
      rsaVerify(
        peers.wechat.merchantPublicKey,
        `${req.method}\n${url.pathname}${url.search}\n${fields['timestamp']}\n${fields['nonce_str']}\n${body}\n`,
        fields['signature'] ?? '',
      );
    record(req, url, body, signedByUs);
    const send = (status: number, data: object, key = peers.wechat.platformKey) => {
      const text = JSON.stringify(data);
      res
        .writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'request-id': alnum(24),
          ...wechatSignedHeaders(key, peers.wechat.platformSerial, text),
        })
        .end(text);
    };
    if (!signedByUs) return send(401, { code: 'SIGN_ERROR', message: '签名错误' });
    const input = body ? (JSON.parse(body) as Record<string, any>) : {};
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native')
      return send(200, { code_url: `weixin://wxpay/bizpayurl?pr=${alnum(9)}` });
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      if (behaviour.wechatRefund === 'server_error')
        return res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream failed');
      if (behaviour.wechatRefund === 'not_enough')
        return send(403, { code: 'NOT_ENOUGH', message: '基本账户余额不足，请充值后重新发起' });
      const known = wechatRefunds.get(input['out_refund_no']);
      const refund = known ?? {
        refund_id: `50000000382019052709732678${alnum(6)}`,
        out_refund_no: input['out_refund_no'],
        transaction_id: input['transaction_id'],
        out_trade_no: 'YP0000000042',
        channel: 'ORIGINAL',
        user_received_account: '支付用户零钱',
        create_time: '2025-03-02T09:00:00+08:00',
        status: behaviour.wechatRefund === 'success' ? 'SUCCESS' : 'PROCESSING',
        funds_account: 'AVAILABLE',
        amount: {
          total: input['amount']?.total,
          refund: input['amount']?.refund,
          payer_total: input['amount']?.total,
          payer_refund: input['amount']?.refund,
          settlement_refund: input['amount']?.refund,
          settlement_total: input['amount']?.total,
          discount_refund: 0,
          currency: 'CNY',
          refund_fee: 0,
        },
      };
      wechatRefunds.set(input['out_refund_no'], refund);
      const key = behaviour.wechatRefund === 'forge_signature' ? forger : peers.wechat.platformKey;
      return send(200, refund, key);
    }
    const query = /^\/v3\/refund\/domestic\/refunds\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && query) {
      const known = wechatRefunds.get(query[1] ?? '');
      if (!known) return send(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      known['status'] = 'SUCCESS';
      known['success_time'] = '2025-03-02T09:01:00+08:00';
      return send(200, known);
    }
    return send(404, { code: 'NOT_FOUND', message: '接口不存在' });
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(req);
    if (url.pathname === '/gateway.do') alipay(req, url, body, res);
    else wechat(req, url, body, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behaviour,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
