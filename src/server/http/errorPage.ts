// What a page that cannot be rendered answers: a page of its own, in Chinese, with no layout (the
// layout reads the database, which may be what failed). 503 while the database cannot be reached,
// with the API's words and retry-after (http/handler.ts); 500 for anything else.
import { DATABASE_AWAY, SERVER_BUSY } from './handler.ts';

export function errorPage(status: 500 | 503): Response {
  const says = status === 503 ? DATABASE_AWAY : SERVER_BUSY;
  const link = 'color:#047857;margin:0 .75rem';
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${says} - 药批</title></head><body style="margin:0;padding:15vh 1rem;text-align:center;font-family:system-ui,'PingFang SC','Microsoft YaHei',sans-serif;color:#374151;background:#f9fafb"><p style="font-size:1.5rem;font-weight:700;color:#047857">药批</p><p style="font-size:1.25rem" data-testid="error-page">${says}</p><p><a href="" style="${link}">刷新页面</a><a href="/" style="${link}">返回首页</a></p></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      ...(status === 503 ? { 'retry-after': '5' } : {}),
    },
  });
}
