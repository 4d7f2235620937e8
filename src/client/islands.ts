// Hydrates the page's <yp-island>s (components/islandHtml.ts) as Astro hydrates its client:load
// islands: as soon as this module runs, with the props and id prefix the server rendered them
// with. Loaded once per page that has them (the detail page).
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot, type PageIsland } from '#/islands/pageIslands.ts';

for (const host of document.querySelectorAll<HTMLElement>('yp-island[ssr]')) {
  const name = host.getAttribute('component') as PageIsland;
  const props = JSON.parse(host.getAttribute('props')!);
  hydrateRoot(
    host,
    createElement(IslandRoot, { name, props, onHydrated: () => host.removeAttribute('ssr') }),
    { identifierPrefix: host.getAttribute('prefix') ?? '' },
  );
}
