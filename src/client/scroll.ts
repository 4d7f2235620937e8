// SPEC 2: on a route change the page returns to the saved position unless the route opts out
// (<body data-keep-scroll>). Positions are kept per path in sessionStorage.

const PREFIX = 'scroll:';

export const scrollKey = (path: string) => PREFIX + path;

export function savedScroll(
  path: string,
  storage: Pick<Storage, 'getItem'> = sessionStorage,
): number | null {
  const raw = storage.getItem(scrollKey(path));
  if (raw === null) return null;
  const y = Number(raw);
  return Number.isFinite(y) && y >= 0 ? y : null;
}

export function installScrollRestore(): void {
  if (document.body.dataset['keepScroll']) return;
  const path = location.pathname + location.search;
  history.scrollRestoration = 'manual';
  const y = savedScroll(path);
  if (y !== null) window.scrollTo(0, y);
  let queued = false;
  const save = () => {
    queued = false;
    try {
      sessionStorage.setItem(scrollKey(path), String(Math.round(window.scrollY)));
    } catch {
      /* storage full or disabled: nothing to restore next time */
    }
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!queued) {
        queued = true;
        requestAnimationFrame(save);
      }
    },
    { passive: true },
  );
  window.addEventListener('pagehide', save);
}
