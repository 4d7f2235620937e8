import { api } from './api.ts';
import { PAGE_VIEW_DELAY_MS } from '#/lib/constants.ts';

/** SPEC 2: a page-view event 300 ms after each page is shown, stored by our own server. */
export function schedulePageView(path = location.pathname + location.search): () => void {
  const timer = setTimeout(() => {
    api.post('/api/track/pageview', { path }, { silent: true }).catch(() => {
      /* tracking never bothers the buyer */
    });
  }, PAGE_VIEW_DELAY_MS);
  return () => clearTimeout(timer);
}

export const LOGIN_FLAG_KEY = 'login';

/**
 * SPEC 4: the session flag login=1 (set by the login screen) causes exactly one reload after the
 * next navigation, so every island starts from the member's state. Returns true when reloading.
 */
export function reloadOnceAfterLogin(
  storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage,
  reload = () => location.reload(),
): boolean {
  if (storage.getItem(LOGIN_FLAG_KEY) !== '1') return false;
  storage.removeItem(LOGIN_FLAG_KEY);
  reload();
  return true;
}
