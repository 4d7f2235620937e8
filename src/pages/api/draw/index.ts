import type { APIContext } from 'astro';
import { z } from 'zod';
import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm, readQuery } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireUser } from '#/server/http/auth.ts';
import { requireSameOrigin } from '#/server/http/sameOrigin.ts';
import { performDraw } from '#/server/draw/perform.ts';
import { presentOutcome } from '#/server/draw/present.ts';

const Query = z.object({ id: idParam });

async function draw(ctx: APIContext, input: Record<string, unknown>) {
  const user = requireUser(ctx);
  const { id } = parseWith(Query, input);
  return ok(presentOutcome(await performDraw(user, id)));
}

// GET as the spec lists it: it changes state, so it needs the session and a same-origin request.
export const GET = api(async (ctx) => {
  requireSameOrigin(ctx);
  return draw(ctx, readQuery(ctx.url));
});

// POST is also accepted (Astro's origin check guards it).
export const POST = api(async (ctx) =>
  draw(ctx, { ...readQuery(ctx.url), ...(await readForm(ctx.request)) }),
);
