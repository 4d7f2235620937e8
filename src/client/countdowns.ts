// Countdowns on server-rendered pages that load no island (the home page): each element with
// data-ends-at shows the time left in its [data-countdown-left], ticking every second from the
// server's clock (stores/serverClock), not the browser's.
import { formatCountdown } from '#/lib/shopClock.ts';
import { $serverNow } from '#/stores/serverClock.ts';

const clocks = [...document.querySelectorAll<HTMLElement>('[data-ends-at]')].flatMap((el) => {
  const end = Date.parse(el.dataset['endsAt'] ?? '');
  const left = el.querySelector<HTMLElement>('[data-countdown-left]');
  return Number.isNaN(end) || !left ? [] : [{ end, left }];
});
if (clocks.length)
  $serverNow.subscribe((now) => {
    if (now === null) return;
    for (const c of clocks) c.left.textContent = formatCountdown(c.end - now);
  });
