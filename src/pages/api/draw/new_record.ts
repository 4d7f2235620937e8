import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { latestWinners } from '#/server/draw/records.ts';
import { presentWinner } from '#/server/draw/present.ts';

export const GET = api(async (ctx) => {
  const { id } = parseWith(z.object({ id: idParam }), readQuery(ctx.url));
  return ok((await latestWinners(id)).map(presentWinner));
});
