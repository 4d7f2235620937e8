import type { ClientDirective } from 'astro';

// client:interact — hydrate when the buyer first reaches for the island (pointer, focus, touch,
// key). These events come before the click or keystroke they lead to, so nothing is lost.
const EVENTS = ['pointerover', 'pointerdown', 'focusin', 'touchstart', 'keydown'] as const;

const interact: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of EVENTS) el.addEventListener(type, start, { passive: true });
  // Already focused (e.g. autofocus, or the buyer tabbed in before the script ran).
  if (el.contains(document.activeElement)) void start();
};

export default interact;
