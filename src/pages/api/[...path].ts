// Any /api path no endpoint serves: the API's JSON 404, not the shop's HTML page.
import { notFound } from '#/server/errors.ts';
import { api } from '#/server/http/handler.ts';

export const ALL = api(() => {
  throw notFound('接口不存在');
});
