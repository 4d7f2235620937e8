import { api } from '../../../server/http/handler.ts';
import { ok } from '../../../server/http/respond.ts';
import { headerCommon } from '../../../server/header.ts';

export const GET = api(async () => ok(await headerCommon()));
