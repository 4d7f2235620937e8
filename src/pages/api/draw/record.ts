import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { paged } from '#/server/http/respond.ts';
import { readQuery } from '#/server/http/form.ts';
import { pageParam, parseWith, perPageParam } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { myRecords } from '#/server/draw/records.ts';
import { presentRecord } from '#/server/draw/present.ts';

export const GET = api(async (ctx) => {
  const user = requireUser(ctx);
  const q = parseWith(
    z.object({ page: pageParam, per_page: perPageParam(50, 10) }),
    readQuery(ctx.url),
  );
  const page = await myRecords(user.companyId, q.page, q.per_page);
  return paged({ ...page, rows: page.rows.map(presentRecord) });
});
