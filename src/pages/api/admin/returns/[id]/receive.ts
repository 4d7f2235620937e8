import { api } from '#/server/http/handler.ts';
import { ok } from '#/server/http/respond.ts';
import { readForm } from '#/server/http/form.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { requireStaff } from '#/server/http/staffAuth.ts';
import { ReceiveForm } from '#/server/returns/forms.ts';
import { presentReturnCase } from '#/server/returns/present.ts';
import { returnCase } from '#/server/returns/queue.ts';
import { receiveReturn } from '#/server/returns/receive.ts';
import { RETURN_ROLE } from '#/lib/staffRoles.ts';

export const POST = api(async (ctx) => {
  const actor = requireStaff(ctx, RETURN_ROLE.receive);
  const id = parseWith(idParam, ctx.params['id']);
  const f = parseWith(ReceiveForm, await readForm(ctx.request));
  await receiveReturn(
    id,
    f.lines.map((l) => ({ id: l.id, received: l.received, writtenOff: l.written_off })),
    actor,
  );
  return ok(presentReturnCase((await returnCase(id))!));
});
