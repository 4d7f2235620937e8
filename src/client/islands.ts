// Hydrates the page's <yp-island>s (components/islandHtml.ts) with Astro's own React renderer, as
// Astro hydrates its client:load islands: as soon as this module runs, with the props and id
// prefix the server rendered them with. Imported as Astro's islands import it, so the page loads
// one React runtime chunk for both kinds, and only when the page has such an island (a detail
// page has one, the countdown, only at a variant's price).
import type { PageIsland } from '#/islands/pageIslands.ts';

const hosts = document.querySelectorAll<HTMLElement>('yp-island[ssr]');
if (hosts.length) {
  const [{ default: hydrate }, { IslandRoot }] = await Promise.all([
    import('@astrojs/react/client.js'),
    import('#/islands/pageIslands.ts'),
  ]);
  for (const host of hosts) {
    const name = host.getAttribute('component') as PageIsland;
    const props = JSON.parse(host.getAttribute('props')!);
    hydrate(host)(
      IslandRoot,
      { name, props, onHydrated: () => host.removeAttribute('ssr') },
      {},
      { client: 'load' },
    );
  }
}
