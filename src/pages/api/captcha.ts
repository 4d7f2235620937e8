import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { newChallenge } from '#/server/auth/captcha.ts';

/** A login captcha: its id and the picture to answer, as a data URL. Never cached. */
export const GET = api(async () => {
  const { id, svg } = await newChallenge();
  const res = ok({ id, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` });
  res.headers.set('cache-control', 'no-store');
  return res;
});
