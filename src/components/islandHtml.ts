// A page island (islands/pageIslands.ts) as server HTML: React's own markup inside a <yp-island>
// that carries the props and the id prefix client/islands.ts hydrates it with. `ssr` stays until
// the island has hydrated, as on Astro's islands (the browser tests wait for both).
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { jsonAttr } from '#/lib/html.ts';
import { IslandRoot, type PageIsland, type PageIslandProps } from '#/islands/pageIslands.ts';

/** `prefix` keeps React's useId values of two islands on one page apart. */
export function islandHtml<N extends PageIsland>(
  name: N,
  props: PageIslandProps<N>,
  prefix: string,
): string {
  const html = renderToString(createElement(IslandRoot<N>, { name, props }), {
    identifierPrefix: prefix,
  });
  return `<yp-island component="${name}" prefix="${prefix}" props='${jsonAttr(JSON.stringify(props))}' ssr>${html}</yp-island>`;
}
