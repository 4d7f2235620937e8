import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { newRecords } from '#/server/draw.ts';

export const GET = api(async (ctx) => {
  const { id } = parseWith(z.object({ id: idParam }), readQuery(ctx.url));
  return ok(await newRecords(id));
});
