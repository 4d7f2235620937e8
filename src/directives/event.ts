import type { ClientDirective } from 'astro';

// client:event="name" — hydrate when the page announces `name` (see src/client/events.ts), e.g. the
// notice host once the first message is queued, the cart drawer once it is opened.
const onEvent: ClientDirective = (load, options) => {
  const name = String(options.value);
  const start = async () => {
    const hydrate = await load();
    await hydrate();
  };
  const seen = (window as { __yaopiEvents?: Set<string> }).__yaopiEvents;
  if (seen?.has(name)) void start();
  else window.addEventListener(`yaopi:${name}`, () => void start(), { once: true });
};

export default onEvent;
