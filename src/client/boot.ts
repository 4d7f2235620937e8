// Runs on every shop page as soon as it is parsed: login reload, scroll restore, page view.
import { installScrollRestore } from './scroll.ts';
import { reloadOnceAfterLogin, schedulePageView } from './tracking.ts';

if (!reloadOnceAfterLogin()) {
  installScrollRestore();
  // Shown again from the back/forward cache counts as a new view too.
  window.addEventListener('pageshow', () => schedulePageView());
}
