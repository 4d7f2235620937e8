import { GSP_ROLE, hasRole } from '#/lib/staffRoles.ts';
import { api } from '#/server/http/handler.ts';
import { idParam, parseWith } from '#/server/http/validate.ts';
import { assertMayRead, documentFile } from '#/server/gsp/buyer.ts';
import { fileResponse } from '#/server/gsp/download.ts';

/** One document's file: for GSP staff, or an approved member allowed to read it. */
export const GET = api(async (ctx) => {
  const id = parseWith(idParam, ctx.params['id']);
  const staff = ctx.locals.staff;
  if (staff && hasRole(staff.roles, GSP_ROLE)) return fileResponse(await documentFile(id, 'staff'));
  const reader = ctx.locals.user ?? null;
  assertMayRead(reader);
  return fileResponse(await documentFile(id, reader));
});
