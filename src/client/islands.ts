// Hydrates the page's <yp-island>s (components/islandHtml.ts) with Astro's own React renderer, as
// Astro hydrates its client:load islands: as soon as this module runs, with the props and id
// prefix the server rendered them with. Imported as Astro's islands import it, so the page loads
// one React runtime chunk for both kinds.
import { IslandRoot, type PageIsland } from '#/islands/pageIslands.ts';

const { default: hydrate } = await import('@astrojs/react/client.js');
for (const host of document.querySelectorAll<HTMLElement>('yp-island[ssr]')) {
  const name = host.getAttribute('component') as PageIsland;
  const props = JSON.parse(host.getAttribute('props')!);
  hydrate(host)(
    IslandRoot,
    { name, props, onHydrated: () => host.removeAttribute('ssr') },
    {},
    { client: 'load' },
  );
}
