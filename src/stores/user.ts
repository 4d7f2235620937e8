import { atom } from 'nanostores';
import { api, ApiAborted } from '#/client/api.ts';
import { USER_RELOAD_SKIP_ROUTES } from '#/lib/constants.ts';
import type { UserRecord } from '#/lib/apiTypes.ts';

/** The member as GET /api/user/base returns it (SPEC 3); a visitor has no `company`. */
export type User = UserRecord;

/** null until loaded. */
export const $user = atom<User | null>(null);

export const isMember = (u: User | null): boolean => Boolean(u?.company);

/** SPEC 4: the header reloads the user except on these routes. */
export function shouldReloadUser(routeName: string): boolean {
  return !USER_RELOAD_SKIP_ROUTES.includes(routeName);
}

/** Loads the user quietly; on any failure the user becomes `{show: true}` only. */
export async function loadUser(): Promise<void> {
  try {
    const res = await api.get<{ data?: User }>('/api/user/base', undefined, { silent: true });
    $user.set({ show: true, ...(res.data ?? {}) });
  } catch (error) {
    if (error instanceof ApiAborted) return;
    $user.set({ show: true });
  }
}
