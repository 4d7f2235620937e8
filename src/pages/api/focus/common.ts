import { api } from '#/server/http/handler.ts';
import { headerCommonJson } from '#/server/header.ts';

export const GET = api(
  async () =>
    new Response(await headerCommonJson(), {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    }),
);
