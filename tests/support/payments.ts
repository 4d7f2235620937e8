// Plays the sandbox provider in API tests: notices signed with this run's sandbox secret, sent to
// the shop's notify endpoint exactly as the sandbox sends them.
import { inject } from 'vitest';
import { createSandboxProvider } from '#/server/payments/sandbox.ts';
import { Client, type ApiResponse } from './http.ts';

const sandbox = () =>
  createSandboxProvider({
    secret: inject('sandboxSecret'),
    notifyUrl: 'http://127.0.0.1:9/unused',
  });

export function sandboxNotice(paymentId: number, amountFen: number) {
  return sandbox().notification(paymentId, amountFen);
}

export async function postNotice(
  notice: { headers: Record<string, string>; body: string },
  path = '/api/pay/notify/sandbox',
): Promise<ApiResponse> {
  return new Client().request('POST', path, { body: notice.body, headers: notice.headers });
}
